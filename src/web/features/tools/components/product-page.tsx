import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount, formatDollars } from '#shared/money.ts';
import { categoryName } from '#shared/categories.ts';
import { isOutOfStock, type Tool } from '#shared/schemas/tool.ts';
import { RatingStars } from '#web/components/ui/rating-stars.tsx';
import { catalogueSearch } from '#web/features/tools/api/get-catalogue.ts';
import { useSiteOrigin } from '#web/lib/server-page.ts';
import { OutOfStockBadge, PurchaseNow } from './tool-card.tsx';

interface ProductPageProps {
  tool: Tool;
  /** The average rating of the reviews that name this product, and how many there are (none: undefined). */
  rating: { average: number; count: number } | undefined;
  /** Those reviews, drawn by the page (they belong to another feature). */
  reviews: ReactNode;
}

/** The public product page at /tools/{id}, with what search engines read of it in the head. */
export function ProductPage({ tool, rating, reviews }: ProductPageProps) {
  const origin = useSiteOrigin();
  const url = `${origin}/tools/${tool._id}`;
  const image = /^https?:/.test(tool.img) ? tool.img : `${origin}${tool.img}`;
  const outOfStock = isOutOfStock(tool);
  // At most 160 characters (code points: an emoji is never cut in two).
  const letters = [...tool.description];
  const description = letters.length > 160 ? `${letters.slice(0, 157).join('')}…` : tool.description;
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: tool.name,
    description: tool.description,
    image,
    url,
    sku: tool._id,
    category: categoryName(tool.category),
    brand: { '@type': 'Brand', name: 'Torque' },
    offers: {
      '@type': 'Offer',
      url,
      price: tool.price.toFixed(2),
      priceCurrency: 'USD',
      availability: outOfStock ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: tool.minimumOrder },
    },
    ...(rating && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: rating.average.toFixed(1),
        reviewCount: rating.count,
        bestRating: 5,
        worstRating: 1,
      },
    }),
  };

  return (
    <article aria-labelledby="product-name" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <title>{`${tool.name} | Torque`}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      <meta property="og:type" content="product" />
      <meta property="og:title" content={tool.name} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      {/* Data for search engines, never run: '<' is escaped so that no text can close the tag. */}
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: JSON.stringify(product).replace(/</g, '\\u003c') }}
      />
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-slate-600">
        <Link to="/tools" className="link">
          Tools
        </Link>
        {' / '}
        <Link to={`/tools${catalogueSearch({ category: tool.category })}`} className="link">
          {categoryName(tool.category)}
        </Link>
      </nav>
      <div className="grid gap-10 lg:grid-cols-2">
        <div className="aspect-[4/3] overflow-hidden rounded-box border border-base-300 bg-slate-100">
          <img
            src={tool.img}
            alt={tool.name}
            width={800}
            height={600}
            fetchPriority="high"
            decoding="async"
            className="size-full object-cover"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-5">
          <h1 id="product-name" className="text-3xl font-extrabold wrap-anywhere text-slate-900 sm:text-4xl">
            {tool.name}
          </h1>
          {rating && (
            <div className="flex items-center gap-2 text-slate-700">
              <RatingStars rating={Math.round(rating.average)} />
              <span>
                {rating.average.toFixed(1)} out of 5 (
                {rating.count === 1 ? '1 review' : `${formatCount(rating.count)} reviews`})
              </span>
            </div>
          )}
          <p className="text-lg leading-relaxed wrap-anywhere text-slate-700">{tool.description}</p>
          <dl className="divide-y divide-base-300 rounded-md border border-base-300 bg-base-200/60">
            <div className="flex justify-between gap-2 px-4 py-3">
              <dt className="text-slate-600">Minimum Order</dt>
              <dd className="font-bold text-slate-900">{tool.minimumOrder}</dd>
            </div>
            <div className="flex justify-between gap-2 px-4 py-3">
              <dt className="text-slate-600">Available Quantity</dt>
              <dd className="flex items-center gap-2 font-bold text-slate-900">
                {outOfStock && <OutOfStockBadge />}
                {tool.availableQuantity}
              </dd>
            </div>
          </dl>
          <p className="text-lg text-slate-600">
            Price: <span className="text-3xl font-extrabold text-slate-900">{formatDollars(tool.price)}</span>
            <span className="text-sm"> / unit</span>
          </p>
          <PurchaseNow tool={tool} className="btn-lg self-start" />
        </div>
      </div>
      <section aria-labelledby="reviews-heading" className="mt-14">
        <h2 id="reviews-heading" className="text-2xl font-bold text-slate-900">
          Reviews
        </h2>
        {rating ? reviews : <p className="mt-3 text-slate-600">No reviews of this tool yet.</p>}
      </section>
    </article>
  );
}
