import { useParams } from 'react-router';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { useReviews } from '#web/features/reviews/api/get-reviews.ts';
import { ReviewCard } from '#web/features/reviews/components/review-card.tsx';
import { useTool } from '#web/features/tools/api/get-tool.ts';
import { ProductPage } from '#web/features/tools/components/product-page.tsx';
import { NotFoundPage } from './not-found.tsx';

/** /tools/{id} (DESIGN §5.11): a tool's public page; an unknown tool is Page Not Found (404). */
export function ToolDetailPage() {
  const { id = '' } = useParams();
  const tool = useTool(id);
  const reviews = useReviews();
  if (tool.isPending) return <FullScreenSpinner />;
  if (tool.isError) return <NotFoundPage />;
  const named = (reviews.data ?? []).filter((review) => review.productName === tool.data.name);
  return (
    <ProductPage
      tool={tool.data}
      ratings={named.map((review) => review.ratings)}
      reviews={
        <ul className="mt-6 grid gap-6 md:grid-cols-2">
          {named.map((review) => (
            <li key={review._id}>
              <ReviewCard review={review} />
            </li>
          ))}
        </ul>
      }
    />
  );
}
