import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer, { type Page } from 'puppeteer-core';
import { chromiumFlags, chromiumPath } from '#tests/fixtures/chromium.ts';
import { median } from './lib.ts';

export interface PageScore {
  page: string;
  formFactor: 'mobile' | 'desktop';
  /** Medians over the runs. */
  performance: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  /** The performance scores of every run; their spread over the median is the noise. */
  runs: number[];
  noise: number;
  /** What Lighthouse says would save the most, in the lowest-scoring run, when it scored under 100. */
  opportunities: string[];
}

interface Run {
  performance: number;
  cls: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  opportunities: string[];
}

/** Lighthouse's errors for a trace it did not record whole ("Please run Lighthouse again"). */
const UNRECORDED_TRACE = new Set([
  'NO_TRACING_STARTED',
  'NO_RESOURCE_REQUEST',
  'NO_NAVSTART',
  'NO_DCL',
  'NO_SPEEDLINE_FRAMES',
  'NO_SCREENSHOTS',
  'INVALID_SPEEDLINE',
]);

/**
 * Lighthouse's performance category for the store's pages, mobile (its default: a mid-range phone
 * on a throttled 4G link, simulated) and desktop, `runs` times each: medians are reported, as
 * Lighthouse's own docs advise. The browser cache is emptied before every run, as for a first
 * visit. Signed-in pages are audited in the session of a customer who signed in through the login
 * form (Lighthouse is told to keep storage, so the sign-in survives). One unreported run first
 * warms the browser, whose very first audit is slower than any after it.
 */
export async function benchLighthouse(
  storeUrl: string,
  customer: { email: string; password: string },
  pages: { name: string; path: string; signedIn: boolean }[],
  opts: { formFactors: PageScore['formFactor'][]; runs: number },
): Promise<PageScore[]> {
  const browser = await puppeteer.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const scores: PageScore[] = [];
  try {
    const page = await browser.newPage();
    const cdp = await page.createCDPSession();
    const audit = async (path: string, formFactor: PageScore['formFactor'], attempt = 1): Promise<Run> => {
      await cdp.send('Network.clearBrowserCache');
      const flags: Flags = { logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true };
      const result = await lighthouse(
        storeUrl + path,
        flags,
        formFactor === 'desktop' ? desktopConfig : undefined,
        page,
      );
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      const { lhr } = result;
      if (lhr.runtimeError) {
        const { code, message } = lhr.runtimeError;
        // Lighthouse's own advice for a trace it failed to record: run it again (seen once in CI,
        // NO_NAVSTART on the first audit of a fresh browser). Any other error is the page's.
        if (UNRECORDED_TRACE.has(code) && attempt < 3) {
          console.error(`Lighthouse: ${path} (${formFactor}): ${code}, auditing it again`);
          return audit(path, formFactor, attempt + 1);
        }
        throw new Error(`Lighthouse: ${path}: ${message}`);
      }
      if (new URL(lhr.finalDisplayedUrl).pathname !== path) {
        throw new Error(`${path} ended on ${lhr.finalDisplayedUrl}: is the customer signed in?`);
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      return {
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        cls: Number(value('cumulative-layout-shift').toFixed(3)),
        lcpMs: Math.round(value('largest-contentful-paint')),
        fcpMs: Math.round(value('first-contentful-paint')),
        tbtMs: Math.round(value('total-blocking-time')),
        opportunities: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9)
          .filter((a) => !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode))
          .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
      };
    };

    // The browser's very first audit is slower than any after it: one, unreported, first.
    await audit(pages[0]!.path, opts.formFactors[0]!);
    let signedIn = false;
    for (const { name, path, signedIn: needsSignIn } of pages) {
      if (needsSignIn && !signedIn) {
        await signIn(page, storeUrl, customer);
        signedIn = true;
      }
      for (const formFactor of opts.formFactors) {
        const runs: Run[] = [];
        for (let i = 0; i < opts.runs; i++) runs.push(await audit(path, formFactor));
        const performance = median(runs.map((r) => r.performance));
        const scoresOfRuns = runs.map((r) => r.performance);
        scores.push({
          page: name,
          formFactor,
          performance,
          cls: median(runs.map((r) => r.cls)),
          lcpMs: median(runs.map((r) => r.lcpMs)),
          fcpMs: median(runs.map((r) => r.fcpMs)),
          tbtMs: median(runs.map((r) => r.tbtMs)),
          runs: scoresOfRuns,
          noise: Number(((Math.max(...scoresOfRuns) - Math.min(...scoresOfRuns)) / performance).toFixed(3)),
          opportunities: runs.reduce((low, r) => (r.performance < low.performance ? r : low)).opportunities,
        });
      }
    }
  } finally {
    await browser.close();
  }
  return scores;
}

/** Signs in through the store's own login form, as a customer would. */
async function signIn(page: Page, storeUrl: string, customer: { email: string; password: string }) {
  await page.goto(`${storeUrl}/login`, { waitUntil: 'networkidle0' });
  await page.locator('main input[type="email"]').fill(customer.email);
  await page.locator('main input[type="password"]').fill(customer.password);
  await page.locator('main button[type="submit"]').click();
  await page.waitForFunction(() => localStorage.getItem('accessToken') !== null, { timeout: 15_000 });
}
