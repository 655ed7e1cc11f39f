// The npm registry reachable from our machines holds only the Linux x64 builds of native
// packages, so `npm install` leaves other platforms' optional packages out of package-lock.json,
// and `npm ci` then refuses the lock. This adds those entries, with the os and cpu their names
// state, so that npm skips them on every platform but theirs. Run it after `npm install`.
// docs/decisions/006-lockfile-platform-entries.md
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openharmony',
  'netbsd',
  'openbsd',
  'sunos',
  'aix',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32'];

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const packages: Record<string, Record<string, unknown>> = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  const optional = entry.optionalDependencies as Record<string, string> | undefined;
  if (!optional || !path) continue;
  for (const [name, version] of Object.entries(optional)) {
    const key = `node_modules/${name}`;
    if (packages[key]) continue;
    const tokens = name.split('/').at(-1)!.split('-');
    const os = tokens.find((t) => OS.includes(t));
    const cpu = tokens.find((t) => CPU.includes(t));
    if (!cpu) throw new Error(`cannot tell the platform of ${name}: add its entry by hand`);
    packages[key] = {
      version,
      ...(os ? { os: [os] } : {}),
      cpu: [cpu],
      dev: entry.dev ?? undefined,
      optional: true,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform entries`);
