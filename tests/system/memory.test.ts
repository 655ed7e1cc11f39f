import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE_ENV, startServer } from './server-process.ts';

const BUDGET_MB = 450;

/** The most resident memory a process has held since it started (the kernel's high-water mark). */
async function peakMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024);
}

/** Watches the process's peak for 3 s: V8 optimises on a thread of its own, a moment after the work. */
async function settledPeakMb(pid: number): Promise<number> {
  let peak = await peakMb(pid);
  for (let i = 0; i < 30 && peak <= BUDGET_MB; i++) {
    await new Promise((r) => setTimeout(r, 100));
    peak = await peakMb(pid);
  }
  return peak;
}

const env = (dataDir: string) => ({
  ...LIVE_ENV,
  DATA_DIR: dataDir,
});

describe('memory on the embedded database', () => {
  it(`the first start, which creates, migrates and seeds the database, peaks within ${BUDGET_MB} MB (decision 022)`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'torque-memory-'));
    try {
      const store = await startServer(env(dataDir));
      try {
        const res = await fetch(`${store.url}/api/catalogue?q=grnder`);
        expect(res.status).toBe(200);
        expect((await res.json()).items.length).toBeGreaterThan(0);
        expect(await settledPeakMb(store.child.pid!)).toBeLessThanOrEqual(BUDGET_MB);
      } finally {
        await store.kill();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it(`a start on an existing database and its first searches peak within ${BUDGET_MB} MB (DESIGN §6, decision 021)`, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'torque-memory-'));
    try {
      // The first start creates the database; this test measures the start of every day after.
      await (await startServer(env(dataDir))).kill();
      const store = await startServer(env(dataDir));
      try {
        // Searches are answered by the database the first time they are asked.
        for (const q of ['drill', 'grnder', 'press tool']) {
          const res = await fetch(`${store.url}/api/catalogue?q=${encodeURIComponent(q)}`);
          expect(res.status).toBe(200);
        }
        expect(await settledPeakMb(store.child.pid!)).toBeLessThanOrEqual(BUDGET_MB);
      } finally {
        await store.kill();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
