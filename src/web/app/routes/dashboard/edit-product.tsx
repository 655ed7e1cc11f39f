import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { DashboardPage, FOCUS_HEADING } from '#web/components/ui/dashboard-page.tsx';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { useToolToEdit } from '#web/features/tools/api/get-tool.ts';
import { ToolForm } from '#web/features/tools/components/tool-form.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';

/**
 * /dashboard/editProduct/{id} (admins): the Add Products form filled in with a tool as it is now;
 * restocking is changing its Available Quantity. Saved, it goes back to Manage Products. A tool
 * deleted before the page opens or before its save says so.
 */
export function EditProductPage() {
  const { id = '' } = useParams();
  const tool = useToolToEdit(id);
  const navigate = useNavigate();
  // Deleted by another admin while this one edited it (the save or the reload answered 404).
  const [gone, setGone] = useState(false);
  const notFound = gone || (tool.error instanceof ApiRequestError && tool.error.status === 404);
  // The form starts from the tool as it is now, never from an older copy kept from another page.
  if (!notFound && (tool.isPending || !tool.isFetchedAfterMount)) return <FullScreenSpinner />;
  return (
    <DashboardPage
      title="Edit Product"
      intro="Change what the catalogue shows and how many are in stock. Orders already placed keep their price."
    >
      {notFound ? (
        <p role="alert" className="text-slate-700">
          This product is not in the catalogue any more.{' '}
          <Link className="link font-semibold text-rust" to="/dashboard/manageProducts">
            Back to Manage Products
          </Link>
        </p>
      ) : tool.data ? (
        // Keyed by the tool: another tool's page starts from its own values.
        <ToolForm
          key={tool.data.tool._id}
          tool={tool.data.tool}
          version={tool.data.version}
          reload={async () => (await tool.refetch({ throwOnError: true })).data!}
          onSaved={() => navigate('/dashboard/manageProducts', { state: FOCUS_HEADING })}
          onGone={() => setGone(true)}
        />
      ) : (
        <QueryError message="We couldn't load this product." onRetry={() => void tool.refetch()} />
      )}
    </DashboardPage>
  );
}
