import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Review } from '#shared/schemas/review.ts';
import { QueryError } from '#web/components/ui/query-error.tsx';
import { SectionHeading } from '#web/components/ui/section-heading.tsx';
import { FullScreenSpinner } from '#web/components/ui/spinner.tsx';
import { useReviews } from '#web/features/reviews/api/get-reviews.ts';
import { ReviewCard } from './review-card.tsx';

// Swiper is two thirds of the home page's code, and measuring the page as it starts was its
// longest task: both wait until the reviews come near the screen.
const ReviewsCarousel = lazy(() =>
  import('./reviews-carousel.tsx').then((module) => ({ default: module.ReviewsCarousel })),
);

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
          <CarouselWhenNear reviews={reviews.data} />
        )}
      </div>
    </section>
  );
}

/** The carousel, started once it is a screen away; until then its first cards, laid out as it lays them. */
function CarouselWhenNear({ reviews }: { reviews: Review[] }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = anchor.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  const firstCards = <FirstCards reviews={reviews} />;
  return (
    <div ref={anchor}>
      {near ? (
        <Suspense fallback={firstCards}>
          <ReviewsCarousel reviews={reviews} />
        </Suspense>
      ) : (
        firstCards
      )}
    </div>
  );
}

/** One card on phones and three from 768 px, with the room the carousel's controls take below. */
function FirstCards({ reviews }: { reviews: Review[] }) {
  return (
    <div>
      <div className="grid gap-[30px] pb-14 md:grid-cols-3">
        {reviews.slice(0, 3).map((review, index) => (
          <div key={review._id} className={index > 0 ? 'max-md:hidden' : undefined}>
            <ReviewCard review={review} />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-6 h-12" />
    </div>
  );
}
