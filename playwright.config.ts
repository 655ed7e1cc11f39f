import { existsSync, readFileSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { chromiumFlags, chromiumPath as chromium } from './tests/fixtures/chromium.ts';

// Browser journeys run against the real server on a fresh embedded database, in Debian's Chromium.
// Playwright must never download a browser of its own: there is no internet here.
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
// The neighbours of the store's port: the stand-in Google (OpenID provider) and the mail catcher
// (tests/fixtures/e2e-helpers.ts derives the same addresses from E2E_PORT).
const oidcIssuer = `http://localhost:${port + 1}`;
const mailCatcherURL = `http://localhost:${port + 3}`;
// One database directory per port, so that two runs on different ports never share one.
const dataDir = port === 3100 ? '.data-e2e' : `.data-e2e-${port}`;

// `npm start`'s command line (its node flags and the bundle), from package.json.
const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts
  .start;

if (!existsSync(chromium)) {
  throw new Error(
    `No Chromium at ${chromium}. Install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH.`,
  );
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: chromiumFlags,
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: { ...devices['Desktop Chrome'], viewport: { width: 390, height: 844 }, isMobile: false },
      grep: /@mobile/,
    },
  ],
  // In order: the local OpenID provider standing in for Google (the store discovers it at start), the
  // mail catcher, then the store. Playwright waits on each url before starting the next.
  webServer: [
    {
      command: 'node tests/fixtures/oidc-provider.ts',
      url: `${oidcIssuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { OIDC_PORT: String(port + 1), STORE_URL: baseURL },
    },
    {
      command: 'node tests/fixtures/mail-catcher.ts',
      url: `${mailCatcherURL}/messages`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { MAIL_SMTP_PORT: String(port + 2), MAIL_HTTP_PORT: String(port + 3) },
    },
    {
      // The server as `npm start` runs it: its bundle and node flags, rebuilt first if the sources
      // are newer, at the default log level.
      command: `node scripts/build.ts --if-stale && rm -rf ${dataDir} && ${start}`,
      url: `${baseURL}/api/ready`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        PUBLIC_URL: baseURL,
        GOOGLE_CLIENT_ID: 'torque-e2e',
        GOOGLE_CLIENT_SECRET: 'torque-e2e-secret-not-for-production',
        GOOGLE_ISSUER: oidcIssuer,
        SMTP_URL: `smtp://localhost:${port + 2}`,
        ADMIN_EMAILS: 'admine2e@example.com',
        // Journeys sign in and up far more than 10 times a minute from one IP.
        AUTH_RATE_LIMIT: '1000',
      },
    },
  ],
});
