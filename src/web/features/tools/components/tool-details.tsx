import type { Tool } from '#shared/schemas/tool.ts';
import { formatDollars } from '#shared/money.ts';

/** SPEC §2 Purchase page, left: the tool's image, name, description, minimum order, stock and price. */
export function ToolDetails({ tool }: { tool: Tool }) {
  return (
    <article
      aria-labelledby="tool-name"
      className="overflow-hidden rounded-box border border-base-300 bg-base-100"
    >
      <div className="aspect-[4/3] border-b border-base-300 bg-slate-100">
        <img
          src={tool.img}
          alt={tool.name}
          width={800}
          height={600}
          decoding="async"
          className="size-full object-cover"
        />
      </div>
      <div className="space-y-4 p-5 sm:p-6">
        <h1 id="tool-name" className="text-2xl font-extrabold wrap-anywhere text-slate-900 sm:text-3xl">
          {tool.name}
        </h1>
        <p className="leading-relaxed wrap-anywhere text-slate-600">{tool.description}</p>
        <dl className="grid grid-cols-1 divide-y divide-base-300 rounded-md border border-base-300 bg-base-200/60 text-sm sm:grid-cols-3 sm:divide-x sm:divide-y-0">
          <div className="flex justify-between gap-2 px-3 py-2 sm:flex-col sm:justify-start">
            <dt className="text-slate-600">Minimum Order</dt>
            <dd className="font-bold text-slate-900">{tool.minimumOrder}</dd>
          </div>
          <div className="flex justify-between gap-2 px-3 py-2 sm:flex-col sm:justify-start">
            <dt className="text-slate-600">Available Quantity</dt>
            <dd className="font-bold text-slate-900">{tool.availableQuantity}</dd>
          </div>
          <div className="flex justify-between gap-2 px-3 py-2 sm:flex-col sm:justify-start">
            <dt className="text-slate-600">Price</dt>
            <dd className="font-bold text-slate-900">
              {formatDollars(tool.price)} <span className="font-normal text-slate-600">/ unit</span>
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
