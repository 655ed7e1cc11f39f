import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort, startArgs } from '#tests/fixtures/npm-start.ts';

/**
 * What a staging deployment of the store sets (NODE_ENV=production): a random secret, its public
 * address, the sandbox gateway asked for by name (it charges nothing; production needs it named),
 * and the demo catalogue (a live store starts with none).
 */
export const LIVE_ENV = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'q7Z!x2Lp9@Vb4#Nm8$Kc3%Rt6^Wy1&Hd',
  PUBLIC_URL: 'https://torque.test',
  PAYMENT_GATEWAY: 'sandbox',
  DEMO_CATALOGUE: 'true',
};

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it wrote to stderr (a crash's reason). */
  stderr(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The built store as `npm start` runs it (its bundle and node flags, the default log level), with
 * the given environment; resolves once ready. `npm test` builds before the system tests run.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const { LOG_LEVEL: _default, ...inherited } = process.env;
  const child = spawn(process.execPath, startArgs, {
    env: {
      ...inherited,
      NODE_ENV: 'test',
      // Tests sign many accounts up from one address; two-instances.test.ts sets its own limit.
      AUTH_RATE_LIMIT: '1000',
      ...env,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    const ok = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`server not ready in 60 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    stderr: () => stderr,
    async kill(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await once(child, 'exit');
    },
  };
}

/** Signs an account up through the API and returns its access token. */
export async function signUpOver(url: string, email: string): Promise<string> {
  return signInOver(url, email, 'correct horse battery', { name: 'System Test' });
}

/** Signs in (or up, given a name) and trades the session for the access token (SPEC §7). */
export async function signInOver(
  url: string,
  email: string,
  password: string,
  signUp?: { name: string },
): Promise<string> {
  const origin = url.replace('127.0.0.1', 'localhost');
  const res = await fetch(`${url}/api/auth/${signUp ? 'sign-up' : 'sign-in'}/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ ...signUp, email, password }),
  });
  if (!res.ok) throw new Error(`${signUp ? 'sign-up' : 'sign-in'} ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const token = await fetch(`${url}/api/user/${email}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin, cookie },
    body: JSON.stringify({ email }),
  });
  if (!token.ok) throw new Error(`token ${token.status}: ${await token.text()}`);
  return ((await token.json()) as { token: string }).token;
}
