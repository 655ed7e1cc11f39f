import { StarIcon } from './icons.tsx';

const MAX_STARS = 5;

export function RatingStars({ rating }: { rating: number }) {
  const filled = Math.max(0, Math.min(MAX_STARS, Math.round(rating)));
  return (
    <div
      role="img"
      aria-label={`Rated ${filled} out of ${MAX_STARS}`}
      className="flex gap-0.5 text-amber-600"
    >
      {Array.from({ length: MAX_STARS }, (_, index) => (
        <StarIcon key={index} filled={index < filled} className="size-5" />
      ))}
    </div>
  );
}
