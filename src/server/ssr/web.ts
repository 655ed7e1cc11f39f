import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FORM_FILL_COOKIE, type FormFill } from '#shared/form-posts.ts';
import type { RenderedPage } from '#shared/rendered-page.ts';
import { sessionUser, type SessionAnswer, type SessionUser } from '#shared/session.ts';
import type { Config } from '#server/config.ts';
import { cachedTool } from '#server/features/tools/tools.service.ts';
import { HttpError } from '#server/http/errors.ts';
import { ResponseCache } from '#server/http/response-cache.ts';
import { loggableUrl, OWN_CALL } from '#server/logger.ts';
import { readFormFill } from './form-posts.ts';
import { createPageHtml, visitorPage } from './page-preloads.ts';

/**
 * Serves the built SPA, precompressed (brotli or gzip): hashed assets are immutable. Every path
 * that is neither a file nor /api gets index.html, never cached, with the links its page needs
 * first (page-preloads.ts), so that the client router can answer it. Unknown /api paths get the
 * JSON 404 of DESIGN §3.
 */
export default fp(async function web(app: FastifyInstance, { config }: { config: Config }) {
  const built = existsSync(join(config.webDir, 'index.html'));
  const pageHtml =
    built &&
    createPageHtml(
      config.webDir,
      async (toolId) => {
        // Only a hint to preload: without the database the page is still drawn, and says so.
        const tool = await cachedTool(app.catalogue, app.db, toolId).catch(() => undefined);
        return !tool || tool.empty ? undefined : (JSON.parse(tool.body.toString()) as { img: string }).img;
      },
      await loadRenderer(app, config.webDir, config.publicUrl),
    );
  const sessionOf = liveSession(app, config.authSecret);
  // Drawing a page costs milliseconds of CPU: while sales change the catalogue many times a
  // second, a visitor's page is drawn at most once a second (and shows stock a second old at most).
  // Searches and product pages make its keys: the oldest go past a thousand.
  const forVisitors = new ResponseCache<ReturnType<typeof encodings>>({ holdMs: 1_000, maxEntries: 1_000 });
  if (built) {
    // Sales change the tools many times a second; a review changes rarely, and one an admin
    // deleted must leave the home page at once.
    await app.database.onChange('catalogue', (table) => forVisitors.clear({ unheld: table === 'reviews' }));
    // Browsers get the build's two folders of files, each under one route (a route per file, as
    // @fastify/static makes without `wildcard`, cost 130 ms of every start for 99 files); the
    // server's own module (ssr/, loadRenderer) and the page's template are not among them. A path
    // with no file goes on to the pages below.
    for (const folder of ['assets', 'images']) {
      if (!existsSync(join(config.webDir, folder))) continue;
      await app.register(fastifyStatic, {
        root: join(config.webDir, folder),
        prefix: `/${folder}/`,
        // Nothing here sends a file itself (reply.sendFile).
        decorateReply: false,
        index: false,
        // The build writes .br and .gz beside each text file (vite.config.ts): sent as they are.
        preCompressed: true,
        setHeaders(reply) {
          // Assets are named by their contents' hash; images keep their names.
          reply.header(
            'cache-control',
            folder === 'assets' ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      throw new HttpError(404, 'not_found', `No such API call: ${req.method} ${path}`);
    }
    if (!pageHtml) {
      throw new HttpError(503, 'web_not_built', 'The web app is not built yet: run `npm run build`.');
    }
    // A visitor without a live session gets what every such visitor gets: the page is drawn once
    // for them all, and again when the catalogue it shows changes (held a second at least). Only
    // the store's own fixed pages are kept, keyed by path and the query they read, so that neither
    // a made-up cookie nor a query string costs a drawing (DESIGN §6).
    const session = await sessionOf(req.headers.cookie);
    // A refused form's fields (form-posts.ts): this page is this visitor's own, drawn and sent once.
    const fill = readFormFill(req.headers.cookie, config.authSecret);
    const shared = session || fill ? undefined : visitorPage(req.url);
    const page = shared
      ? await forVisitors.get(shared.key, async () => encodings(await pageHtml(shared.url)))
      : encodings(await pageHtml(req.url, session, fill));
    if (fill) reply.header('set-cookie', `${FORM_FILL_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    if (encoding) reply.header('content-encoding', encoding);
    return (
      reply
        .code(page.status)
        // A signed-in visitor's page carries their own answers; one with what they typed is not kept.
        .header('cache-control', fill ? 'no-store' : 'private, no-cache')
        .header('vary', 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(page(encoding))
    );
  });
});

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/**
 * The live session a request's cookie names, or null. better-auth signs its session cookie
 * (`token.HMAC-SHA256(token)`, base64): a cookie whose signature is wrong names no session, and is
 * known as such here without a query.
 */
function liveSession(app: FastifyInstance, secret: string) {
  return async (cookie: string | undefined): Promise<SessionAnswer | null> => {
    const raw = cookie && SESSION_COOKIE.exec(cookie)?.[1];
    if (!raw) return null;
    let value: string;
    try {
      value = decodeURIComponent(raw);
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(value.slice(0, dot)).digest();
    if (dot < 1 || signature.length !== expected.length || !timingSafeEqual(signature, expected)) return null;
    const answer = await app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { accept: 'application/json', cookie, ...OWN_CALL },
    });
    const found = answer.statusCode === 200 ? (answer.json() as SessionAnswer | null) : null;
    return found?.user ? found : null;
  };
}

/** A few kilobytes of HTML: quality 5 compresses them nearly as well as 11, in a fraction of the time. */
const brotliFast = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * A page's bytes as sent: it carries its own links and answers, so it is compressed here rather
 * than at build time, in each encoding when first asked for.
 */
function encodings({ html, status }: { html: string; status: number }) {
  const sent: Partial<Record<'br' | 'gzip' | 'identity', Buffer>> = {};
  const bytes = (encoding: 'br' | 'gzip' | undefined): Buffer =>
    encoding === 'br'
      ? (sent.br ??= brotliCompressSync(html, brotliFast))
      : encoding === 'gzip'
        ? (sent.gzip ??= gzipSync(html))
        : (sent.identity ??= Buffer.from(html));
  return Object.assign(bytes, { status });
}

/**
 * The build's renderer of pages (src/web/entry-server.tsx, built into WEB_DIR/ssr), with the API
 * calls of the pages it draws answered by this server, in process; undefined without one (a
 * stand-in build in tests). A visitor with a live session gets the page as they will see it,
 * their own answers asked with that session's token (SPEC §6: protected calls
 * take the token, never the cookie); only GETs, the pages' reads. A page it fails to draw is
 * logged and sent with the app's stand-in.
 */
async function loadRenderer(app: FastifyInstance, webDir: string, publicUrl: string) {
  const file = join(webDir, 'ssr', 'entry-server.js');
  if (!existsSync(file)) return undefined;
  const { renderPage } = (await import(pathToFileURL(file).href)) as {
    renderPage: (
      url: string,
      fetchApi: (url: string) => Promise<Response>,
      user: SessionUser | null,
      origin: string,
      fill?: FormFill,
    ) => Promise<RenderedPage>;
  };
  const get = (url: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url, headers: { accept: 'application/json', ...headers, ...OWN_CALL } });
  return async (url: string, session: SessionAnswer | null, fill?: FormFill) => {
    try {
      const headers: Record<string, string> = session
        ? { authorization: `Bearer ${session.session.token}` }
        : {};
      const fetchApi = async (path: string) => {
        const answer = await get(path, headers);
        return new Response(answer.body, {
          status: answer.statusCode,
          headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
        });
      };
      const user = session && sessionUser(session);
      return { ...(await renderPage(url, fetchApi, user, publicUrl, fill)), signedIn: Boolean(user) };
    } catch (error) {
      app.log.error({ err: error, url: loggableUrl(url) }, 'could not render the page on the server');
      return undefined;
    }
  };
}
