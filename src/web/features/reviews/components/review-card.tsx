import type { Review } from '#shared/schemas/review.ts';
import { ShieldIcon } from '#web/components/ui/icons.tsx';
import { RatingStars } from '#web/components/ui/rating-stars.tsx';

export function ReviewCard({ review }: { review: Review }) {
  return (
    <article className="flex h-full flex-col rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
      <div className="flex items-center gap-4">
        <img
          src={review.img}
          alt={review.customerName}
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="size-16 shrink-0 rounded-full bg-slate-200 object-cover ring-4 ring-orange-100"
        />
        <div className="min-w-0">
          <h3 className="truncate text-lg font-bold text-slate-900">{review.customerName}</h3>
          <p className="text-sm text-slate-600">{review.profession}</p>
          {/* The server sets it when the author has a paid order of this product. */}
          {review.verified && (
            <p className="badge mt-1 gap-1 border-success/30 bg-success/10 text-xs font-semibold text-success">
              <ShieldIcon className="size-4" />
              Verified buyer
            </p>
          )}
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <RatingStars rating={review.ratings} />
        <p className="badge badge-ghost text-xs font-semibold">{review.productName}</p>
      </div>
      <blockquote className="relative mt-4 flex-1 pl-7 text-slate-700">
        <span
          aria-hidden="true"
          className="absolute top-0 left-0 font-serif text-4xl leading-none text-safety"
        >
          &ldquo;
        </span>
        <p>{review.opinions}</p>
      </blockquote>
    </article>
  );
}
