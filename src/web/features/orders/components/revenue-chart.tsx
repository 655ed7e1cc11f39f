import { useId } from 'react';
import { formatDollars, toDollars } from '#shared/money.ts';

interface RevenueChartProps {
  days: { day: string; cents: number }[];
}

const WIDTH = 600;
const HEIGHT = 176;
const TOP = 10;

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/**
 * Revenue per day as bars, drawn by hand in SVG (no chart library in the bundle). The picture is
 * one image with a summary for screen readers; the same figures follow as a table. The plot
 * stretches to its box (a phone keeps its height), and the days under it are text of the page:
 * drawn inside the SVG they shrank with it, to 4 px on a phone.
 */
export function RevenueChart({ days }: RevenueChartProps) {
  const titleId = useId();
  const descId = useId();
  const most = Math.max(...days.map((d) => d.cents), 1);
  const total = days.reduce((sum, d) => sum + d.cents, 0);
  const step = WIDTH / Math.max(days.length, 1);
  const plot = HEIGHT - TOP;
  const first = days[0]?.day;
  const last = days.at(-1)?.day;
  return (
    <figure className="rounded-box bg-base-100 p-4 shadow-sm">
      <figcaption className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold text-slate-900">Revenue per day (UTC), last {days.length} days</span>
        <span className="text-sm text-slate-600">
          Total <strong className="text-slate-900 tabular-nums">{formatDollars(toDollars(total))}</strong>
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-40 w-full sm:h-48"
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>Revenue per day</title>
        <desc id={descId}>
          {first && last
            ? `Paid orders from ${dayLabel(first)} to ${dayLabel(last)}: ${formatDollars(toDollars(total))} in all, at most ${formatDollars(toDollars(most === 1 ? 0 : most))} in a day. The table below gives each day.`
            : 'No days to show.'}
        </desc>
        <line
          x1={0}
          x2={WIDTH}
          y1={HEIGHT}
          y2={HEIGHT}
          vectorEffect="non-scaling-stroke"
          strokeWidth={2}
          className="stroke-slate-400"
        />
        {days.map((d, i) => {
          const h = (d.cents / most) * plot;
          return (
            <rect
              key={d.day}
              data-day={d.day}
              x={i * step + step * 0.15}
              y={HEIGHT - h}
              width={step * 0.7}
              height={h}
              rx={2}
              className="fill-primary"
            >
              <title>{`${dayLabel(d.day)}: ${formatDollars(toDollars(d.cents))}`}</title>
            </rect>
          );
        })}
      </svg>
      {first && last && (
        // The image's description names the same days.
        <p aria-hidden="true" className="mt-1 flex justify-between text-xs text-slate-600">
          <span>{dayLabel(first)}</span>
          <span>{dayLabel(last)}</span>
        </p>
      )}
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-slate-700">
          Revenue per day as a table
        </summary>
        <table className="table-sm mt-2 table">
          <caption className="sr-only">Revenue per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="text-right">
                Revenue
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row" className="font-normal">
                  <time dateTime={d.day}>{dayLabel(d.day)}</time>
                </th>
                <td className="text-right tabular-nums">{formatDollars(toDollars(d.cents))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
