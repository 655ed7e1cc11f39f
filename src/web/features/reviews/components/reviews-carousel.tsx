import { A11y, Navigation, Pagination, Scrollbar } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import 'swiper/css/scrollbar';
import type { Review } from '#shared/schemas/review.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '#web/components/ui/icons.tsx';
import { ReviewCard } from './review-card.tsx';

const navButtonClass =
  'btn btn-circle border-slate-300 bg-base-100 text-slate-900 hover:border-safety hover:bg-primary disabled:opacity-40';

/** SPEC §9: gap 30, 1 slide per view, 3 from 768 px, a 640 px breakpoint with 1, speed 300. */
export function ReviewsCarousel({ reviews }: { reviews: Review[] }) {
  return (
    <div>
      <Swiper
        className="reviews-swiper"
        modules={[Navigation, Pagination, Scrollbar, A11y]}
        spaceBetween={30}
        slidesPerView={1}
        speed={300}
        breakpoints={{ 640: { slidesPerView: 1 }, 768: { slidesPerView: 3 } }}
        navigation={{ prevEl: '.reviews-prev', nextEl: '.reviews-next' }}
        pagination={{ clickable: true }}
        scrollbar={{ draggable: true }}
        a11y={{
          prevSlideMessage: 'Previous review',
          nextSlideMessage: 'Next review',
          paginationBulletMessage: 'Go to review {{index}}',
          slideLabelMessage: 'Review {{index}} of {{slidesLength}}',
        }}
      >
        {reviews.map((review) => (
          <SwiperSlide key={review._id}>
            <ReviewCard review={review} />
          </SwiperSlide>
        ))}
      </Swiper>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className={`reviews-prev ${navButtonClass}`} aria-label="Previous review">
          <ChevronLeftIcon className="size-5" />
        </button>
        <button type="button" className={`reviews-next ${navButtonClass}`} aria-label="Next review">
          <ChevronRightIcon className="size-5" />
        </button>
      </div>
    </div>
  );
}
