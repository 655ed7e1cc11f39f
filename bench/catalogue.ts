import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { load, type LoadResult, mean, startTarget, type Target } from './lib.ts';

/**
 * The public catalogue calls against a bare Fastify answering the same bytes from memory,
 * alternating the two servers round by round (DESIGN §6: ≥ 0.8 for GET /api/tools).
 */
export async function benchCatalogue(app: Target, dir: string, opts: { duration: number; rounds: number }) {
  const tools = (await (await fetch(`${app.url}/api/tools`)).json()) as { _id: string }[];
  const paths = { tools: '/api/tools', tool: `/api/tool/${tools[0]!._id}`, reviews: '/api/reviews' };
  const bodies: Record<string, string> = {};
  for (const [name, path] of Object.entries(paths)) {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, Buffer.from(await (await fetch(app.url + path)).arrayBuffer()));
    bodies[path] = file;
  }
  const map = join(dir, 'bodies.json');
  writeFileSync(map, JSON.stringify(bodies));
  const bare = await startTarget(['bare', map]);
  const connections = 50;
  const figures: Record<string, { rps: number; bareRps: number; ratio: number; noise: number; p99: number }> =
    {};
  try {
    for (const [name, path] of Object.entries(paths)) {
      // Warm both up (JIT, caches) before measuring.
      await load({ url: app.url + path, connections, duration: 1 });
      await load({ url: bare.url + path, connections, duration: 1 });
      const appRuns: LoadResult[] = [];
      const bareRuns: LoadResult[] = [];
      for (let i = 0; i < opts.rounds; i++) {
        appRuns.push(await load({ url: app.url + path, connections, duration: opts.duration }));
        bareRuns.push(await load({ url: bare.url + path, connections, duration: opts.duration }));
      }
      const failed = appRuns.find((r) => r.non2xx || r.errors);
      if (failed) throw new Error(`${path}: ${failed.non2xx} non-2xx answers, ${failed.errors} errors`);
      const rps = mean(appRuns.map((r) => r.rps));
      const bareRps = mean(bareRuns.map((r) => r.rps));
      const perRound = appRuns.map((r, i) => r.rps / bareRuns[i]!.rps);
      figures[name] = {
        rps: Math.round(rps),
        bareRps: Math.round(bareRps),
        ratio: Number((rps / bareRps).toFixed(3)),
        noise: Number(((Math.max(...perRound) - Math.min(...perRound)) / (rps / bareRps)).toFixed(3)),
        p99: mean(appRuns.map((r) => r.p99)),
      };
    }
  } finally {
    await bare.stop();
  }
  return figures;
}
