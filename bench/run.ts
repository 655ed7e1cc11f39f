// `npm run bench`: Torque's measure of speed. Figures that are ratios are measured side by side in
// one run, alternating the two servers, because these machines are noisy. `--quick` for CI.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';

const quick = process.argv.includes('--quick');
const duration = quick ? 5 : 10;
const rounds = quick ? 1 : 2;
const connections = 50;

async function start(args: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['bench/target.ts', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The target prints its port as its first line.
  const lines = createInterface({ input: child.stdout! });
  const [line] = (await once(lines, 'line')) as [string];
  return { url: `http://127.0.0.1:${line}`, child };
}

async function load(url: string): Promise<number> {
  const result = await autocannon({ url, connections, duration });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const dataDir = mkdtempSync(join(tmpdir(), 'torque-bench-'));
const app = await start(['app', dataDir]);
const bodyFile = join(dataDir, 'tools.json');
writeFileSync(bodyFile, Buffer.from(await (await fetch(`${app.url}/api/tools`)).arrayBuffer()));
const bare = await start(['bare', bodyFile]);

try {
  // Warm both up (JIT, connection pools) before measuring.
  await autocannon({ url: `${app.url}/api/tools`, connections, duration: 2 });
  await autocannon({ url: `${bare.url}/api/tools`, connections, duration: 2 });
  const appRps: number[] = [];
  const bareRps: number[] = [];
  for (let i = 0; i < rounds; i++) {
    appRps.push(await load(`${app.url}/api/tools`));
    bareRps.push(await load(`${bare.url}/api/tools`));
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const ratio = mean(appRps) / mean(bareRps);
  const budget = 0.8;
  const figures = {
    date: new Date().toISOString(),
    mode: quick ? 'quick' : 'full',
    connections,
    durationSeconds: duration,
    rounds,
    toolsRps: Math.round(mean(appRps)),
    bareRps: Math.round(mean(bareRps)),
    toolsVsBare: Number(ratio.toFixed(3)),
    budget: { toolsVsBare: budget },
  };
  console.log(`GET /api/tools         ${figures.toolsRps} req/s`);
  console.log(`bare route, same bytes ${figures.bareRps} req/s`);
  console.log(`ratio                  ${figures.toolsVsBare} (budget ≥ ${budget})`);
  mkdirSync('bench/results', { recursive: true });
  writeFileSync('bench/results/latest.json', `${JSON.stringify(figures, null, 2)}\n`);
} finally {
  app.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
  await new Promise((r) => app.child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
