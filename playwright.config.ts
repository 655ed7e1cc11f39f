import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Browser journeys run against the real server on a fresh embedded database, in Debian's Chromium.
// Playwright must never download a browser of its own: there is no internet here.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
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
  webServer: {
    command: 'rm -rf .data-e2e && node src/server/main.ts',
    url: `${baseURL}/api/ready`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: '.data-e2e',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
    },
  },
});
