/** What a failed statement may tell the log: where it failed, never the values it carried. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'dataType',
  'schema',
  'routine',
];

export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  [field: string]: unknown;
}

/**
 * An error as the log may show it (pino's `err` serializer). A database error carries the
 * statement's values: drizzle's message ("params: …") and `params`, PGlite's `params`, Postgres'
 * `detail` ("Key (client_secret)=(pi_…)") and `where`; better-auth's include reset tokens and
 * password hashes. Kept: the type, the messages of the error and its causes with every value of
 * the statement cut out, the SQL text (placeholders only), the SQLSTATE and the constraint.
 */
export function loggableError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const chain: Error[] = [];
  // The error and its causes: drizzle wraps the driver's error in `cause`.
  for (let e: unknown = err; e instanceof Error && chain.length < 10; e = e.cause) chain.push(e);
  const values = chain
    .flatMap((e) => (e as { params?: unknown }).params ?? [])
    .filter((v) => v !== null && v !== undefined)
    .map((v) => (v instanceof Date ? v.toISOString() : String(v)))
    // Short values (true, 3) would cut words out of the message; they are not secrets either.
    .filter((v) => v.length >= 6)
    .sort((a, b) => b.length - a.length);
  const scrub = (text: string) => {
    let out = text.replace(/\nparams: [\s\S]*$/, '');
    for (const v of values) out = out.split(v).join('[value]');
    return out;
  };
  const logged: LoggedError = {
    type: err.constructor?.name || err.name,
    message: chain.map((e) => scrub(e.message)).join('; caused by: '),
  };
  for (const e of chain) {
    for (const field of SAFE_FIELDS) {
      const value = (e as unknown as Record<string, unknown>)[field];
      if (logged[field] === undefined && (typeof value === 'string' || typeof value === 'number')) {
        logged[field] = value;
      }
    }
    const query = (e as { query?: unknown }).query;
    if (logged.query === undefined && typeof query === 'string') logged.query = query.trim();
  }
  // The frames of the outermost error under the scrubbed message; its own first line repeats it.
  const frames = err.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  if (frames?.length) logged.stack = [`${logged.type}: ${logged.message}`, ...frames].join('\n');
  return logged;
}
