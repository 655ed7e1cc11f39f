/**
 * Why the store cannot start, in one line that says what is wrong and which setting fixes it:
 * main.ts prints the message alone, with no stack trace, and exits with 1.
 */
export class StartError extends Error {
  override name = 'StartError';
}

const FS_REASONS: Record<string, string> = {
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOSPC: 'no space left on the device',
  ENOTDIR: 'a file is in the way of the folder',
  EEXIST: 'a file is in the way of the folder',
};

/** The reason a file system call failed, in a few words. */
export function fsReason(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  return FS_REASONS[code] ?? (err instanceof Error ? err.message : String(err));
}

/** The first error code found on an error or its causes (an AggregateError's too). */
function codeOf(err: unknown): string | undefined {
  for (let e: unknown = err; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const inner = (e as { errors?: unknown[] }).errors?.[0];
    if (inner) return codeOf(inner);
  }
  return undefined;
}

/**
 * PostgreSQL refusing the store at start, said in one line naming DATABASE_URL; undefined for any
 * other failure. The URL's password is never repeated.
 */
export function postgresStartError(err: unknown, url: string): StartError | undefined {
  const u = new URL(url);
  const at = `${u.hostname}:${u.port || 5432}`;
  const database = decodeURIComponent(u.pathname.slice(1)) || decodeURIComponent(u.username);
  const message = err instanceof Error ? err.message : String(err);
  const line = (reason: string, fix: string) =>
    new StartError(`Cannot use PostgreSQL at ${at} (DATABASE_URL): ${reason}. ${fix}`, { cause: err });
  switch (codeOf(err)) {
    case 'ECONNREFUSED':
      return line('connection refused', 'Start PostgreSQL, or set DATABASE_URL to a server that answers.');
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return line(`unknown host ${u.hostname}`, 'Correct the host in DATABASE_URL.');
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return line('no answer', 'Check that the server is up and reachable, or correct DATABASE_URL.');
    case '28P01':
    case '28000':
      return line(message, 'Set the right user and password in DATABASE_URL.');
    case '3D000':
      return line(
        `database "${database}" does not exist`,
        `Create it (createdb ${database}), or name another in DATABASE_URL.`,
      );
    case '53300':
      return line('too many connections', 'Raise max_connections, or run fewer instances.');
  }
  // pg's words for a server that takes the connection and then never answers, or hangs up.
  if (/timeout exceeded when trying to connect|terminated due to connection timeout/i.test(message)) {
    return line('no answer in 5 s', 'Check that the server is up and reachable, or correct DATABASE_URL.');
  }
  if (/Connection terminated unexpectedly/i.test(message)) {
    return line(
      'the server there hung up',
      'Check that DATABASE_URL names PostgreSQL and not another server.',
    );
  }
  return undefined;
}
