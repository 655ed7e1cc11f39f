import { Link, useNavigate, useParams } from 'react-router';
import { DashboardPage, FOCUS_HEADING } from '#web/components/ui/dashboard-page.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { useTool } from '#web/features/tools/api/get-tool.ts';
import { ToolForm } from '#web/features/tools/components/tool-form.tsx';

/**
 * /dashboard/editProduct/{id} (admins): the Add Products form filled in with a tool;
 * restocking is changing its Available Quantity. Saved, it goes back to Manage Products.
 */
export function EditProductPage() {
  const { id = '' } = useParams();
  const tool = useTool(id);
  const navigate = useNavigate();
  if (tool.isPending) return <FullScreenSpinner />;
  return (
    <DashboardPage
      title="Edit Product"
      intro="Change what the catalogue shows and how many are in stock. Orders already placed keep their price."
    >
      {tool.isError ? (
        <p role="alert" className="text-slate-700">
          This product is not in the catalogue any more.{' '}
          <Link className="link font-semibold text-rust" to="/dashboard/manageProducts">
            Back to Manage Products
          </Link>
        </p>
      ) : (
        // Keyed by the tool: another tool's page starts from its own values.
        <ToolForm
          key={tool.data._id}
          tool={tool.data}
          onSaved={() => navigate('/dashboard/manageProducts', { state: FOCUS_HEADING })}
        />
      )}
    </DashboardPage>
  );
}
