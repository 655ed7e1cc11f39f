// One server under load, in its own process so that the load generator does not share its CPU.
//   node bench/target.ts app <dataDir>      the real store (PGlite in dataDir, or BENCH_DATABASE_URL)
//   node bench/target.ts bare <answersJson> a bare Fastify answering the same bytes from memory:
//                                           answersJson maps a path to its body's file and headers
// Listens on PORT (default: any free port) and prints the port as its first line.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';

const [mode, arg] = process.argv.slice(2);

const app =
  mode === 'app'
    ? await buildApp(
        loadConfig({
          NODE_ENV: 'production',
          AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
          LOG_LEVEL: 'warn',
          DATA_DIR: arg,
          DATABASE_URL: process.env.BENCH_DATABASE_URL,
          ADMIN_EMAILS: process.env.ADMIN_EMAILS,
          AUTH_RATE_LIMIT: process.env.AUTH_RATE_LIMIT,
          PUBLIC_URL: process.env.PUBLIC_URL,
        }),
      )
    : Fastify();

if (mode === 'bare') {
  const answers = JSON.parse(readFileSync(String(arg), 'utf8')) as Record<
    string,
    { file: string; headers: Record<string, string> }
  >;
  for (const [path, { file, headers }] of Object.entries(answers)) {
    const body = readFileSync(file);
    app.get(path, (_req, reply) => reply.headers(headers).send(body));
  }
}

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : 0);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
