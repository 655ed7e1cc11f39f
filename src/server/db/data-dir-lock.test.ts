import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'torque-lock-'));

it('refuses a second holder while the first one lives, with a clear message', async () => {
  const d = dir();
  const file = join(d, 'torque.lock');
  // Another live process holds the lock.
  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  try {
    writeFileSync(file, String(other.pid));
    expect(() => lockDataDir(file, d)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(file, d)).toThrow(/in use by another Torque process .*another DATA_DIR/);
  } finally {
    other.kill();
  }
});

it('takes over the lock of a process that died without releasing it', () => {
  const d = dir();
  const file = join(d, 'torque.lock');
  writeFileSync(file, '2147483646'); // no such pid
  const release = lockDataDir(file, d);
  expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
  release();
  expect(existsSync(file)).toBe(false);
});

it('takes over a lock naming a live process that is not Torque (its pid reused after a restart)', () => {
  const d = dir();
  const file = join(d, 'torque.lock');
  const sleeper = spawn('sleep', ['60']);
  try {
    writeFileSync(file, String(sleeper.pid));
    const release = lockDataDir(file, d);
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    release();
  } finally {
    sleeper.kill();
  }
});
