// The baseline of the catalogue's ratios: a bare Fastify (logger off) answering the same bytes
// as the store from memory, in its own process.
//   node bench/target.ts <answersJson>   answersJson maps a path to its body's file and headers
// Listens on a free port and prints it as its first line.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const answers = JSON.parse(readFileSync(String(process.argv[2]), 'utf8')) as Record<
  string,
  { file: string; headers: Record<string, string> }
>;
const app = Fastify();
for (const [path, { file, headers }] of Object.entries(answers)) {
  const body = readFileSync(file);
  app.get(path, (_req, reply) => reply.headers(headers).send(body));
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(typeof address === 'object' && address ? address.port : 0);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
