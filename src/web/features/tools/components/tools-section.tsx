import { Link } from 'react-router';
import { ArrowRightIcon } from '#web/components/ui/icons.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { SectionHeading } from '#web/components/ui/section-heading.tsx';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { useTools } from '#web/features/tools/api/get-tools.ts';
import { ToolCard } from './tool-card.tsx';

/** SPEC §9: the home page shows at most 6 tools. */
const HOME_TOOL_COUNT = 6;

/** What a store that has listed no tool yet says (a new live store starts with none). */
export const NO_TOOLS_YET = 'No tools for sale yet. Check back soon.';

export function ToolsSection() {
  const tools = useTools();

  return (
    <section id="tools" aria-labelledby="tools-heading" className="bg-base-200 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="tools-heading"
          eyebrow="Built to last"
          title="Our Tools"
          subtitle="Job-site proven power tools, sold direct from our factory at trade prices."
        />
        {tools.isPending ? (
          <FullScreenSpinner />
        ) : tools.isError ? (
          <QueryError message="We couldn't load our tools." onRetry={() => void tools.refetch()} />
        ) : tools.data.length === 0 ? (
          <p className="rounded-box bg-base-100 p-8 text-center text-lg text-slate-700">{NO_TOOLS_YET}</p>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {tools.data.slice(0, HOME_TOOL_COUNT).map((tool) => (
              <li key={tool._id} className="flex">
                <ToolCard tool={tool} />
              </li>
            ))}
          </ul>
        )}
        <p className="mt-10 text-center">
          <Link to="/tools" className="btn btn-outline btn-lg gap-2">
            See all tools
            <ArrowRightIcon className="size-4" />
          </Link>
        </p>
      </div>
    </section>
  );
}
