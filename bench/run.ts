// `npm run bench`: Torque's measure of speed (DESIGN §6). Each figure is printed beside its budget
// and written to bench/results/latest.json. Ratios are measured side by side in one run,
// alternating the two servers, because these machines are noisy.
//   --quick    under two minutes, for CI: fails only on a budget missed by more than the noise
//   BENCH_POSTGRES_URL   PostgreSQL for the purchase figure (default: the local test database)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchBundle } from './bundle.ts';
import { benchCatalogue } from './catalogue.ts';
import { startTarget } from './lib.ts';
import { benchPurchase } from './purchase.ts';
import { benchStartup } from './startup.ts';

const quick = process.argv.includes('--quick');
const duration = quick ? 3 : 10;
const rounds = 2;
const postgres = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Row {
  figure: string;
  value: number;
  unit: string;
  budget?: { op: '>=' | '<='; limit: number };
  /** How far the figure moved between rounds, as a fraction: the tolerance in quick mode. */
  noise?: number;
}
const rows: Row[] = [];
const detail: Record<string, unknown> = {};

const dir = mkdtempSync(join(tmpdir(), 'torque-bench-'));
try {
  const app = await startTarget(['app', join(dir, 'data')]);
  try {
    const catalogue = await benchCatalogue(app, dir, { duration, rounds });
    detail.catalogue = catalogue;
    for (const [name, f] of Object.entries(catalogue)) {
      rows.push({
        figure: `GET /api/${name === 'tool' ? 'tool/{id}' : name} vs bare route`,
        value: f.ratio,
        unit: '×',
        noise: f.noise,
        ...(name === 'tools' ? { budget: { op: '>=', limit: 0.8 } } : {}),
      });
    }
    rows.push({
      figure: 'RSS on PGlite after the catalogue load',
      value: app.rssMb(),
      unit: 'MB',
      budget: { op: '<=', limit: 450 },
    });
  } finally {
    await app.stop();
  }
  const startup = await benchStartup(join(dir, 'data'));
  rows.push({
    figure: 'start to first 200 (existing PGlite db)',
    value: startup.ms,
    unit: 'ms',
    budget: { op: '<=', limit: 2000 },
  });

  const purchase = await benchPurchase(postgres, { duration });
  detail.purchase = purchase;
  rows.push({
    figure: 'POST /api/purchase vs raw SQL (PostgreSQL)',
    value: purchase.ratio,
    unit: '×',
    budget: { op: '>=', limit: 0.7 },
  });

  const bundle = benchBundle();
  detail.bundle = bundle;
  rows.push({
    figure: 'initial JS (gzip)',
    value: bundle.initialJsKb,
    unit: 'KB',
    budget: { op: '<=', limit: 110 },
  });
  rows.push({
    figure: 'initial CSS (gzip)',
    value: bundle.initialCssKb,
    unit: 'KB',
    budget: { op: '<=', limit: 20 },
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}

let failed = false;
console.log(`\nTorque bench (${quick ? 'quick' : 'full'})\n`);
for (const r of rows) {
  let verdict = '';
  if (r.budget) {
    const { op, limit } = r.budget;
    const met = op === '>=' ? r.value >= limit : r.value <= limit;
    // In quick mode a ratio may miss by its measured noise before the run fails.
    const tolerance = quick && r.noise !== undefined ? limit * r.noise : 0;
    const withinNoise = op === '>=' ? r.value >= limit - tolerance : r.value <= limit + tolerance;
    verdict = met
      ? `ok (budget ${op} ${limit})`
      : withinNoise
        ? `within noise (budget ${op} ${limit})`
        : `MISSED (budget ${op} ${limit})`;
    if (!met && !withinNoise) failed = true;
  }
  console.log(`${r.figure.padEnd(44)} ${String(r.value).padStart(8)} ${r.unit.padEnd(3)} ${verdict}`);
}
console.log('\nroute chunks (gzip KB):', JSON.stringify((detail.bundle as { routes: unknown }).routes));
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  'bench/results/latest.json',
  `${JSON.stringify({ date: new Date().toISOString(), quick, rows, detail }, null, 2)}\n`,
);
if (failed && quick) process.exitCode = 1;
