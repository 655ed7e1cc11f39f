import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import { HttpError } from '#server/http/errors.ts';
import { liveToolCount, liveToolIds } from './tools.service.ts';

/** The store's public pages, as search engines should know them (DESIGN §5.11). */
const PAGES = ['/', '/tools', '/blogs', '/myPortfolio'];

/** The sitemap protocol's limit of URLs in one file (sitemaps.org). */
const MAX_URLS = 50_000;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`);

/**
 * /sitemap.xml: the public pages and every live tool's page, from the catalogue's cache (so a tool
 * added or removed is in it or out of it as soon as the catalogue changes). Past the protocol's
 * 50,000 URLs it is an index of files of that many, /sitemap-1.xml on. /robots.txt names it and
 * keeps crawlers out of the account pages and the API.
 */
export default fp(async function sitemap(
  app: FastifyInstance,
  { config, maxUrls = MAX_URLS }: { config: Pick<Config, 'publicUrl'>; maxUrls?: number },
) {
  const origin = config.publicUrl;

  /** The paths from `start`, at most maxUrls: the pages first, then the tools, oldest first. */
  async function paths(start: number): Promise<string[]> {
    const pages = PAGES.slice(start, start + maxUrls);
    const skip = Math.max(start - PAGES.length, 0);
    const ids = await liveToolIds(app.db, skip, maxUrls - pages.length);
    return [...pages, ...ids.map((id) => `/tools/${id}`)];
  }
  const urlset = (list: string[]) =>
    xml(
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${list
        .map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`)
        .join('\n')}\n</urlset>`,
    );
  const send = (body: Buffer) => ({ body, etag: '', empty: false });
  /** How many files of at most maxUrls the sitemap takes. */
  const files = async () =>
    Number(
      (
        await app.catalogue.get('sitemap-files', async () =>
          send(Buffer.from(String(Math.ceil((PAGES.length + (await liveToolCount(app.db))) / maxUrls)))),
        )
      ).body.toString(),
    );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const cached = await app.catalogue.get('sitemap', async () => {
      const count = await files();
      if (count <= 1) return send(urlset(await paths(0)));
      const entries = Array.from(
        { length: count },
        (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
      );
      return send(
        xml(
          `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>`,
        ),
      );
    });
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(cached.body);
  });
  app.get<{ Params: { n: string } }>(
    '/sitemap-:n(^\\d{1,6}).xml',
    { schema: { hide: true } },
    async (req, reply) => {
      const n = Number(req.params.n);
      // Checked first, so that made-up numbers fill no cache.
      if (n < 1 || n > (await files())) throw new HttpError(404, 'not_found', 'No such sitemap.');
      const cached = await app.catalogue.get(`sitemap-${n}`, async () =>
        send(urlset(await paths((n - 1) * maxUrls))),
      );
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(cached.body);
    },
  );
  const robots = `User-agent: *\nDisallow: /dashboard\nDisallow: /api\n\nSitemap: ${origin}/sitemap.xml\n`;
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(robots),
  );
});
