import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.ts';
import { listTools } from './tools.service.ts';

/** The store's public pages, as search engines should know them (DESIGN §5.11). */
const PAGES = ['/', '/tools', '/blogs', '/myPortfolio'];

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * /sitemap.xml: the public pages and every live tool's page, from the catalogue's cache (so a tool
 * added or removed is in it or out of it as soon as the catalogue changes); /robots.txt names it
 * and keeps crawlers out of the account pages and the API.
 */
export default fp(async function sitemap(app: FastifyInstance, { config }: { config: Config }) {
  const origin = config.publicUrl;
  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const cached = await app.catalogue.get('sitemap', async () => {
      const tools = await listTools(app.db);
      const urls = [...PAGES, ...tools.map((tool) => `/tools/${tool._id}`)]
        .map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`)
        .join('\n');
      const body = Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`,
      );
      return { body, etag: '', empty: false };
    });
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'no-cache').send(cached.body);
  });
  const robots = `User-agent: *\nDisallow: /dashboard\nDisallow: /api\n\nSitemap: ${origin}/sitemap.xml\n`;
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(robots),
  );
});
