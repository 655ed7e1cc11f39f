import type { AdminReview } from '#shared/schemas/review.ts';
import { ConfirmDialog, DeleteButton } from '#web/components/ui/confirm-dialog.tsx';
import { useConfirmedAction } from '#web/components/ui/use-confirmed-action.ts';
import {
  Card,
  CardField,
  CardList,
  DataTable,
  pagedRows,
  QueryState,
  TableEmpty,
} from '#web/components/ui/data-table.tsx';
import { RatingStars } from '#web/components/ui/rating-stars.tsx';
import { toast } from '#web/lib/toast.ts';
import { useAdminReviews } from '#web/features/reviews/api/get-admin-reviews.ts';
import { useDeleteReview } from '#web/features/reviews/api/delete-review.ts';
import { ShowMore } from '#web/components/ui/show-more.tsx';

const COLUMNS = ['#', 'Customer', 'Product', 'Review', 'Posted', 'Action'] as const;

const posted = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Posted({ review }: { review: AdminReview }) {
  return <time dateTime={review.createdAt}>{posted.format(new Date(review.createdAt))}</time>;
}

/**
 * The reviews the home page shows, newest first, a page at a time (GET /admin/reviews),
 * each with a Delete confirmed in a dialog. A deleted review leaves the home page's carousel too.
 */
export function AdminReviewsTable({ onDeleted }: { onDeleted: () => void }) {
  const pages = useAdminReviews();
  const first = pages.data?.pages[0];
  const reviews = pagedRows(pages);
  const remove = useConfirmedAction(useDeleteReview(), {
    variables: (review: AdminReview) => review._id,
    onSuccess: ({ deletedCount }, review) => {
      if (deletedCount === 1) toast.success(`Deleted the review by ${review.customerName}`);
      else toast.info(`The review by ${review.customerName} was already deleted.`);
    },
    failure: 'toast',
    refocus: onDeleted,
  });
  const confirming = remove.item;

  return (
    <>
      <QueryState
        query={reviews}
        loadingLabel="Loading reviews"
        errorText="We couldn't load the reviews."
        empty={<TableEmpty title="No reviews">Reviews that customers post show here.</TableEmpty>}
      >
        {(rows) => (
          <>
            {/* No minimum width: from xl the table fits beside the sidebar, its long words wrapping. */}
            <DataTable caption="Reviews, newest first" columns={COLUMNS} from="xl">
              {rows.map((review, index) => (
                <tr key={review._id} className="align-top hover:bg-base-200/50">
                  <th scope="row" className="w-12 font-semibold text-slate-600">
                    {index + 1}
                  </th>
                  <td>
                    <Customer review={review} />
                  </td>
                  <td className="wrap-anywhere text-slate-900">{review.productName}</td>
                  <td className="w-2/5">
                    <RatingStars rating={review.ratings} />
                    <p className="mt-1 wrap-anywhere text-slate-700">{review.opinions}</p>
                  </td>
                  <td className="whitespace-nowrap text-slate-700">
                    <Posted review={review} />
                  </td>
                  <td>
                    <DeleteButton item={review} label={deleteLabel(review)} onClick={remove.ask} />
                  </td>
                </tr>
              ))}
            </DataTable>
            <CardList label="Reviews, newest first" from="xl">
              {rows.map((review, index) => (
                <Card key={review._id} number={index + 1}>
                  <Customer review={review} />
                  <dl className="mt-3 grid gap-3 text-sm">
                    <CardField label="Product">
                      <span className="wrap-anywhere">{review.productName}</span>
                    </CardField>
                    <CardField label="Review">
                      <RatingStars rating={review.ratings} />
                      <span className="mt-1 block wrap-anywhere">{review.opinions}</span>
                    </CardField>
                    <CardField label="Posted">
                      <Posted review={review} />
                    </CardField>
                  </dl>
                  <div className="mt-3">
                    <DeleteButton item={review} label={deleteLabel(review)} onClick={remove.ask} />
                  </div>
                </Card>
              ))}
            </CardList>
            <ShowMore shown={rows.length} total={first?.total} noun="reviews" pages={pages} />
          </>
        )}
      </QueryState>
      <ConfirmDialog {...remove.dialog} title="Delete this review?" confirmLabel="Yes, delete">
        The review by <strong className="font-semibold text-slate-900">{confirming?.customerName}</strong> of{' '}
        {confirming?.productName} will leave the home page. This cannot be undone.
      </ConfirmDialog>
    </>
  );
}

function Customer({ review }: { review: AdminReview }) {
  return (
    <>
      <p className="font-semibold wrap-anywhere text-slate-900">{review.customerName}</p>
      <p className="text-xs text-slate-600">
        {review.profession}
        {review.verified && ' · Verified buyer'}
      </p>
    </>
  );
}

const deleteLabel = (review: AdminReview) =>
  `Delete the review by ${review.customerName} of ${review.productName}`;
