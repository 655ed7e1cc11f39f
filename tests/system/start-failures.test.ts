import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startArgs } from '#tests/fixtures/npm-start.ts';
import { type ServerProcess, startServer } from './server-process.ts';

// Issue 13.19: a setting that cannot work stops the built store with one line saying what is wrong
// and which setting fixes it, exit code 1, and no stack trace.

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'torque-start-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** The bundle as `npm start` runs it, until it exits by itself: its exit code and all it printed. */
async function startUntilExit(env: Record<string, string>) {
  const { LOG_LEVEL: _default, DATABASE_URL: _url, DATA_DIR: _dir, ...inherited } = process.env;
  const child = spawn(process.execPath, startArgs, {
    env: { ...inherited, NODE_ENV: 'test', PORT: String(await freePort()), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  return { code, stdout, stderr };
}

/** Refused with exactly this one line on stderr, nothing else, and exit code 1. */
async function expectRefusal(env: Record<string, string>, line: string) {
  const { code, stdout, stderr } = await startUntilExit(env);
  expect(stderr).toBe(`${line}\n`);
  expect(`${stdout}${stderr}`).not.toMatch(/^\s+at /m);
  expect(code).toBe(1);
}

describe('the embedded database (DATA_DIR)', () => {
  it('names DATA_DIR when the folder cannot be written', async () => {
    // Not even root may create files in /sys: a folder the store cannot write, whoever runs it.
    await expectRefusal(
      { DATA_DIR: '/sys/kernel' },
      'Cannot write the database in /sys/kernel (DATA_DIR): permission denied. Set DATA_DIR to a writable folder.',
    );
  });

  it('names DATA_DIR when the database in it cannot be opened', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'pg'));
    writeFileSync(join(dir, 'pg', 'PG_VERSION'), '9\n');
    await expectRefusal(
      { DATA_DIR: dir },
      `Cannot open the embedded database in ${join(dir, 'pg')} (DATA_DIR): its files are damaged or not a ` +
        'database. Restore that folder from a backup, or set DATA_DIR to a new folder.',
    );
  });

  describe('its lock', () => {
    let server: ServerProcess | undefined;
    const sleeper = spawn('sleep', ['120']);
    afterAll(async () => {
      sleeper.kill();
      await server?.kill();
    });

    it('is taken over from a live process that is not Torque, and refuses a second Torque', async () => {
      const dir = tempDir();
      // A lock left by a Torque that died; its pid now belongs to another program.
      writeFileSync(join(dir, 'torque.lock'), String(sleeper.pid));
      server = await startServer({ DATA_DIR: dir });
      expect((await fetch(`${server.url}/api/ready`)).status).toBe(200);

      await expectRefusal(
        { DATA_DIR: dir },
        `The embedded database in ${dir} is in use by another Torque process (pid ${server.child.pid}). ` +
          'Stop that process, or start this one with another DATA_DIR (or DATABASE_URL).',
      );
    });
  });
});

describe('PostgreSQL (DATABASE_URL)', () => {
  it('names DATABASE_URL when the server refuses connections', async () => {
    const port = await freePort();
    await expectRefusal(
      { DATABASE_URL: `postgres://torque:s3cret-password@127.0.0.1:${port}/torque` },
      `Cannot use PostgreSQL at 127.0.0.1:${port} (DATABASE_URL): connection refused. ` +
        'Start PostgreSQL, or set DATABASE_URL to a server that answers.',
    );
  });

  // Another server on that port: one that hangs up on PostgreSQL's greeting (as Redis or an HTTP
  // server does), and one that takes the connection and never answers.
  it.each([
    [
      'hangs up',
      (socket: import('node:net').Socket) => socket.end('HTTP/1.1 400 Bad Request\r\n\r\n'),
      'the server there hung up. Check that DATABASE_URL names PostgreSQL and not another server.',
    ],
    [
      'never answers',
      () => {},
      'no answer in 5 s. Check that the server is up and reachable, or correct DATABASE_URL.',
    ],
  ])(
    'names DATABASE_URL when the server there is not PostgreSQL and %s',
    async (_what, onConnection, reason) => {
      const server: Server = createServer(onConnection);
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as { port: number };
      try {
        await expectRefusal(
          { DATABASE_URL: `postgres://torque@127.0.0.1:${port}/torque` },
          `Cannot use PostgreSQL at 127.0.0.1:${port} (DATABASE_URL): ${reason}`,
        );
      } finally {
        server.close();
      }
    },
  );

  it('names DATABASE_URL when its database does not exist', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
    url.pathname = '/torque_no_such_database';
    await expectRefusal(
      { DATABASE_URL: url.toString() },
      `Cannot use PostgreSQL at ${url.hostname}:${url.port || 5432} (DATABASE_URL): database ` +
        '"torque_no_such_database" does not exist. Create it (createdb torque_no_such_database), or name ' +
        'another in DATABASE_URL.',
    );
  });
});

describe('the address to listen on (HOST)', () => {
  it.each([
    ['203.0.113.7', 'no address of this machine: set HOST to one (or 0.0.0.0).'],
    ['nosuchhost.invalid', 'unknown host: set HOST to an address of this machine (or 0.0.0.0).'],
  ])('names HOST when it is %s', async (host, reason) => {
    await expectRefusal({ HOST: host, DATA_DIR: tempDir() }, `Cannot listen on ${host}: ${reason}`);
  });
});
