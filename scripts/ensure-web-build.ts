// `npm start` runs this first: a new user gets the SPA built once, with no extra command.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

if (!existsSync('dist/web/index.html')) {
  console.log('Building the web app (first start only; `npm run build` rebuilds it)…');
  const { status } = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
