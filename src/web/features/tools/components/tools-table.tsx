import { Link } from 'react-router';
import { formatDollars } from '#shared/money.ts';
import type { Tool } from '#shared/schemas/tool.ts';
import { toast } from '#web/lib/toast.ts';
import { useCataloguePages } from '#web/features/tools/api/get-catalogue-pages.ts';
import { ConfirmDialog, DeleteButton } from '#web/components/ui/confirm-dialog.tsx';
import { useConfirmedAction } from '#web/components/ui/use-confirmed-action.ts';
import { useDeleteTool } from '#web/features/tools/api/delete-tool.ts';
import {
  Card,
  CardField,
  CardList,
  DataTable,
  pagedRows,
  QueryState,
  TableEmpty,
} from '#web/components/ui/data-table.tsx';
import { ShowMore } from '#web/components/ui/show-more.tsx';

const COLUMNS = ['#', 'Name', 'Minimum Order', 'Available Quantity', 'Price', 'Action'] as const;

/**
 * SPEC §2 Manage products: the catalogue by name (searched by `q`), a page at a time (GET /catalogue),
 * with a Delete button per tool, confirmed in a dialog, and an Edit link to the product's
 * form. A delete refreshes every tools query, the home page's too.
 */
export function ToolsTable({ q = '', onDeleted }: { q?: string; onDeleted: () => void }) {
  const pages = useCataloguePages(q);
  const first = pages.data?.pages[0];
  const tools = pagedRows(pages);
  // The Delete button that opened the dialog gets focus back, unless its row went with the tool.
  const remove = useConfirmedAction(useDeleteTool(), {
    variables: (tool: Tool) => tool._id,
    onSuccess: ({ deletedCount }, tool) => {
      // SPEC §8: the toast only when the server removed exactly this one.
      if (deletedCount === 1) toast.success('Successfully Delete Product');
      else toast.info(`${tool.name} was already removed.`);
    },
    failure: 'toast',
    refocus: onDeleted,
  });
  const confirming = remove.item;

  return (
    <>
      <QueryState
        query={tools}
        loadingLabel="Loading products"
        errorText="We couldn't load the products."
        empty={
          q ? (
            <TableEmpty title="No products match">Try another name.</TableEmpty>
          ) : (
            <TableEmpty title="No products">Add one from Add Products.</TableEmpty>
          )
        }
      >
        {(rows) => (
          <>
            <DataTable caption="Products in the catalogue" columns={COLUMNS} minWidthClass="min-w-[52rem]">
              {rows.map((tool, index) => (
                <tr key={tool._id} className="hover:bg-base-200/50">
                  <th scope="row" className="w-12 font-semibold text-slate-600">
                    {index + 1}
                  </th>
                  <td>
                    <div className="flex items-center gap-3">
                      <Thumbnail tool={tool} />
                      <span className="font-semibold text-slate-900">{tool.name}</span>
                    </div>
                  </td>
                  <td className="tabular-nums">{tool.minimumOrder}</td>
                  <td>
                    <Stock tool={tool} />
                  </td>
                  <td className="font-semibold whitespace-nowrap text-slate-900 tabular-nums">
                    {formatDollars(tool.price)}
                  </td>
                  <td>
                    <div className="flex gap-2">
                      <EditLink tool={tool} />
                      <DeleteButton item={tool} label={`Delete ${tool.name}`} onClick={remove.ask} />
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
            <CardList label="Products in the catalogue">
              {rows.map((tool, index) => (
                <Card key={tool._id} number={index + 1}>
                  <div className="flex items-center gap-3">
                    <Thumbnail tool={tool} />
                    <p className="font-semibold text-slate-900">{tool.name}</p>
                  </div>
                  <div className="mt-3 flex items-end gap-3">
                    <dl className="grid flex-1 grid-cols-2 gap-3 text-sm">
                      <CardField label="Minimum Order">
                        <span className="tabular-nums">{tool.minimumOrder}</span>
                      </CardField>
                      <CardField label="Available Quantity">
                        <Stock tool={tool} />
                      </CardField>
                      <CardField label="Price">
                        <span className="font-semibold tabular-nums">{formatDollars(tool.price)}</span>
                      </CardField>
                    </dl>
                    <div className="flex flex-col gap-2">
                      <EditLink tool={tool} />
                      <DeleteButton item={tool} label={`Delete ${tool.name}`} onClick={remove.ask} />
                    </div>
                  </div>
                </Card>
              ))}
            </CardList>
            <ShowMore
              shown={rows.length}
              total={first?.total}
              capped={first?.totalCapped}
              noun="products"
              pages={pages}
            />
          </>
        )}
      </QueryState>
      <ConfirmDialog {...remove.dialog} title="Delete this product?" confirmLabel="Yes, delete">
        <strong className="font-semibold text-slate-900">{confirming?.name}</strong> will leave the catalogue
        and can no longer be bought. Past orders keep it.
      </ConfirmDialog>
    </>
  );
}

/** Under twice the minimum order, two buyers at the minimum empty the shelf. */
const lowStock = (tool: Tool) => tool.availableQuantity < 2 * tool.minimumOrder;

/** The stock, marked in words as well as colour when it runs low. */
function Stock({ tool }: { tool: Tool }) {
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span className="tabular-nums">{tool.availableQuantity}</span>
      {lowStock(tool) && (
        <span className="badge h-auto border-warning bg-warning/30 text-xs font-semibold whitespace-nowrap text-slate-900">
          Low stock
        </span>
      )}
    </span>
  );
}

function EditLink({ tool }: { tool: Tool }) {
  return (
    <Link
      to={`/dashboard/editProduct/${tool._id}`}
      className="btn btn-outline btn-sm"
      aria-label={`Edit ${tool.name}`}
    >
      Edit
    </Link>
  );
}

function Thumbnail({ tool }: { tool: Tool }) {
  return (
    <img
      src={tool.img}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className="size-12 shrink-0 rounded-md border border-base-300 bg-slate-100 object-cover"
    />
  );
}
