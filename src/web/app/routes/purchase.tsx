import { Link, useParams } from 'react-router';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { useCurrentUser } from '#web/features/accounts/api/get-session.ts';
import { useTool } from '#web/features/tools/api/get-tool.ts';
import { PurchaseForm } from '#web/features/orders/components/purchase-form.tsx';
import { ToolDetails } from '#web/features/tools/components/tool-details.tsx';

/** /purchase/{id} (SPEC §2): the tool on the left, the order form on the right. */
export function PurchasePage() {
  const { id = '' } = useParams();
  const tool = useTool(id);
  const auth = useCurrentUser();

  if (tool.isPending) return <FullScreenSpinner />;
  if (tool.isError) {
    if (tool.error instanceof ApiRequestError && tool.error.status === 404) return <ToolNotFound />;
    return (
      <div className="px-4 py-16">
        <QueryError message="We couldn't load this tool." onRetry={() => void tool.refetch()} />
      </div>
    );
  }

  // The login guard renders this page only for a signed-in customer.
  const customer = { name: auth.user?.name ?? '', email: auth.user?.email ?? '' };
  return (
    <div className="bg-base-200">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-2 lg:items-start lg:gap-10 lg:px-8 lg:py-12">
        <ToolDetails tool={tool.data} />
        <PurchaseForm key={tool.data._id} tool={tool.data} customer={customer} />
      </div>
    </div>
  );
}

function ToolNotFound() {
  return (
    <section className="mx-auto flex min-h-[60svh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-extrabold text-slate-900">Tool not found</h1>
      <p className="mt-4 text-slate-600">This tool is not in our catalogue, or it has been withdrawn.</p>
      <Link to={{ pathname: '/', hash: '#tools' }} className="btn btn-primary mt-8">
        Browse our tools
      </Link>
    </section>
  );
}
