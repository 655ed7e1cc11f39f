import { useParams } from 'react-router';
import { ShowMore } from '#web/components/ui/show-more.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { useMoreToolReviews, useToolReviews } from '#web/features/reviews/api/get-tool-reviews.ts';
import { ReviewCard } from '#web/features/reviews/components/review-card.tsx';
import { useTool } from '#web/features/tools/api/get-tool.ts';
import { ProductPage } from '#web/features/tools/components/product-page.tsx';
import { NotFoundPage } from './not-found.tsx';

/** /tools/{id} (DESIGN §5.11): a tool's public page; an unknown tool is Page Not Found (404). */
export function ToolDetailPage() {
  const { id = '' } = useParams();
  const tool = useTool(id);
  const reviews = useToolReviews(id);
  const first = reviews.data;
  const more = useMoreToolReviews(id, first?.nextCursor ?? null);
  if (tool.isPending) return <FullScreenSpinner />;
  if (tool.isError) return <NotFoundPage />;
  const shown = [...(first?.items ?? []), ...(more.data?.pages.flatMap((page) => page.items) ?? [])];
  return (
    <ProductPage
      tool={tool.data}
      rating={first?.average != null ? { average: first.average, count: first.total } : undefined}
      reviews={
        <>
          <ul className="mt-6 grid gap-6 md:grid-cols-2">
            {shown.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} />
              </li>
            ))}
          </ul>
          {first?.nextCursor && (
            <ShowMore
              shown={shown.length}
              total={first.total}
              noun="reviews"
              pages={{
                // Until the visitor asks, the first page's cursor says whether there is more.
                hasNextPage: more.data ? more.hasNextPage : true,
                isFetchingNextPage: more.isFetching,
                fetchNextPage: () => more.fetchNextPage(),
              }}
            />
          )}
        </>
      }
    />
  );
}
