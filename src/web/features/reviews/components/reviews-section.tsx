import { QueryError } from '../../../components/ui/query-error.tsx';
import { SectionHeading } from '../../../components/ui/section-heading.tsx';
import { FullScreenSpinner } from '../../../components/ui/spinner.tsx';
import { useReviews } from '../api/get-reviews.ts';
import { ReviewsCarousel } from './reviews-carousel.tsx';

export function ReviewsSection() {
  const reviews = useReviews();

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="bg-base-200 py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="reviews-heading"
          eyebrow="Testimonials"
          title="What Our Clients Says?"
          subtitle="Contractors, fabricators and maintenance crews on the tools they use every day."
        />
        {reviews.isPending ? (
          <FullScreenSpinner />
        ) : reviews.isError ? (
          <QueryError message="We couldn't load the reviews." onRetry={() => void reviews.refetch()} />
        ) : reviews.data.length === 0 ? (
          <p className="text-center text-slate-600">No reviews yet. Be the first to share your experience.</p>
        ) : (
          <ReviewsCarousel reviews={reviews.data} />
        )}
      </div>
    </section>
  );
}
