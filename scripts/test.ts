// `npm test`: every test. A fresh build (the SPA and the server bundle), then unit, API and system
// tests (Vitest; on PostgreSQL too when TEST_DATABASE_URL is set) and the browser journeys
// (Playwright in Debian's Chromium), the last two against the built store.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { chromiumPath as chromium } from '#tests/fixtures/chromium.ts';

if (!existsSync(chromium)) {
  console.error(
    `The browser tests need Chromium, and there is none at ${chromium}.\n` +
      'Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a ' +
      'Chromium or Chrome binary. Playwright must not download its own browser.',
  );
  process.exit(1);
}

function run(command: string, args: string[]) {
  console.log(`\n$ ${command} ${args.join(' ')}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'TEST_DATABASE_URL is not set: the PostgreSQL tests and the system tests are skipped ' +
      '(TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test runs them).',
  );
}

// The system tests and the browser journeys run the built store, as `npm start` runs it.
run(process.execPath, ['scripts/build.ts']);
run('npx', ['vitest', 'run']);
run('npx', ['playwright', 'test']);
