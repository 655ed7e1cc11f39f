import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load, type Ratio, sideBySide, startBare, type Target } from './lib.ts';

const NODE_WRITES = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/**
 * The public catalogue calls, and the home page as a visitor gets it (drawn by the server from the
 * catalogue), against a bare Fastify answering the same bytes from memory, side by side (DESIGN §6:
 * ≥ 0.8 for GET /api/tools; autocannon, 50 connections): what is left is the cost of our stack
 * (routing, hooks, the logger, the caches), not of the bytes on the wire. Figures are keyed by the
 * address as the API reference names it; `only` measures that one alone.
 */
export async function benchCatalogue(
  app: Target,
  dir: string,
  opts: { duration: number; rounds: number; only?: string },
) {
  const tools = (await (await fetch(`${app.url}/api/tools`)).json()) as { _id: string }[];
  const all: Record<string, string> = {
    '/api/tools': '/api/tools',
    '/api/tool/{id}': `/api/tool/${tools[0]!._id}`,
    '/api/reviews': '/api/reviews',
    '/ (page)': '/',
  };
  // Every answer is recorded, the page drawn last, before the load: a page drawn and then a pause
  // was what made the store's HTTP code slower for good (decision 023), and the quick run, which
  // measures `only` one call, checks that too.
  const measured = opts.only ? { [opts.only]: all[opts.only]! } : all;
  // The bare route answers the very bytes the store sends: its body and its headers (the security
  // set and the ETag among them), but for those Node writes itself. Neither side is asked to
  // compress: the page goes as it is.
  const answers: Record<string, { file: string; headers: Record<string, string> }> = {};
  for (const [index, path] of Object.values(all).entries()) {
    const res = await fetch(app.url + path, { headers: { 'accept-encoding': 'identity' } });
    const file = join(dir, `answer-${index}`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const headers = Object.fromEntries([...res.headers].filter(([key]) => !NODE_WRITES.has(key)));
    answers[path] = { file, headers };
  }
  const map = join(dir, 'answers.json');
  writeFileSync(map, JSON.stringify(answers));
  const bare = await startBare(map);
  const rps = (url: string, duration = opts.duration) =>
    load({ url, connections: 50, duration }).then((r) => {
      if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
      return r.rps;
    });
  const figures: Record<string, Ratio> = {};
  try {
    for (const [name, path] of Object.entries(measured)) {
      // Warm both up (JIT, caches) before measuring.
      await rps(app.url + path, 2);
      await rps(bare.url + path, 2);
      figures[name] = await sideBySide(
        opts.rounds,
        () => rps(app.url + path),
        () => rps(bare.url + path),
      );
    }
  } finally {
    await bare.stop();
  }
  return figures;
}

/**
 * DESIGN §6: no request a visitor can make costs more than 5 × a cached page. A made-up session
 * cookie and a query string are what would defeat the visitors' page cache: each is measured
 * against the plain page, side by side, as the cost of one over the other (cached rps ÷ its rps).
 */
export async function benchPageCacheBypass(app: Target, opts: { duration: number; rounds: number }) {
  let n = 0;
  const rps = (options: Parameters<typeof load>[0]) =>
    load({ connections: 50, duration: opts.duration, ...options }).then((r) => {
      if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx answers, ${r.errors} errors`);
      return r.rps;
    });
  const page = () => rps({ url: `${app.url}/` });
  const variants = {
    'a made-up session cookie': () =>
      rps({
        url: `${app.url}/`,
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              headers: { ...req.headers, cookie: `better-auth.session_token=madeup${n++}.c2lnbmF0dXJl` },
            }),
          },
        ],
      }),
    'a query string': () =>
      rps({ url: `${app.url}/`, requests: [{ setupRequest: (req) => ({ ...req, path: `/?v=${n++}` }) }] }),
  };
  await page();
  const figures: Record<string, Ratio> = {};
  for (const [name, variant] of Object.entries(variants)) {
    await variant();
    figures[name] = await sideBySide(opts.rounds, page, variant);
  }
  return figures;
}
