import { useId } from 'react';
import { Link } from 'react-router';
import { isOutOfStock, type Tool } from '#shared/schemas/tool.ts';
import { formatDollars } from '#shared/money.ts';
import { ArrowRightIcon } from '#web/components/ui/icons.tsx';
import { firstWords } from '#web/lib/text.ts';

export function ToolCard({ tool }: { tool: Tool }) {
  const nameId = useId();
  const outOfStock = isOutOfStock(tool);
  return (
    <article className="group flex w-full flex-col overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm transition hover:-translate-y-1 hover:shadow-xl">
      <div className="aspect-[4/3] overflow-hidden border-b border-base-300 bg-slate-100">
        <img
          src={tool.img}
          alt={tool.name}
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
        />
      </div>
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 id={nameId} className="text-xl font-bold wrap-anywhere text-slate-900">
          <Link to={`/tools/${tool._id}`} className="hover:text-rust hover:underline">
            {tool.name}
          </Link>
        </h3>
        <p className="wrap-anywhere text-slate-600">{firstWords(tool.description)}</p>
        <div className="divide-y divide-base-300 rounded-md border border-base-300 bg-base-200/60 text-sm">
          <p className="flex justify-between gap-2 px-3 py-2 text-slate-600">
            Minimum Order: <span className="font-bold text-slate-900">{tool.minimumOrder}</span>
          </p>
          <p className="flex justify-between gap-2 px-3 py-2 text-slate-600">
            Available Quantity:{' '}
            <span className="flex items-center gap-2">
              {outOfStock && <OutOfStockBadge />}
              <span className="font-bold text-slate-900">{tool.availableQuantity}</span>
            </span>
          </p>
        </div>
        <p className="text-lg text-slate-600">
          Price: <span className="text-2xl font-extrabold text-slate-900">{formatDollars(tool.price)}</span>
          <span className="text-sm"> / unit</span>
        </p>
        <PurchaseNow tool={tool} describedBy={nameId} className="mt-auto w-full" />
      </div>
    </article>
  );
}

/** Beside a stock under the minimum order, on the tool's card and its product page. */
export function OutOfStockBadge() {
  return (
    <span className="badge h-auto border-error/30 bg-error/10 text-xs font-semibold whitespace-nowrap text-error">
      Out of stock
    </span>
  );
}

/**
 * The way to the purchase page, or, for a tool out of stock, the same words disabled: that page could
 * only refuse every quantity.
 */
export function PurchaseNow({
  tool,
  className,
  describedBy,
}: {
  tool: Tool;
  className: string;
  describedBy?: string;
}) {
  return isOutOfStock(tool) ? (
    <button type="button" disabled aria-describedby={describedBy} className={`btn ${className}`}>
      Purchase Now
    </button>
  ) : (
    <Link
      to={`/purchase/${tool._id}`}
      aria-describedby={describedBy}
      className={`btn btn-primary gap-2 ${className}`}
    >
      Purchase Now
      <ArrowRightIcon className="size-4" />
    </Link>
  );
}
