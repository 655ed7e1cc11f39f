import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A JSON array written as its batches come (SPEC's unpaged admin lists: every order, every
 * account), so that the store holds one batch at a time however long the list. The same bytes as
 * JSON.stringify of the whole array.
 */
export async function* jsonArray(batches: AsyncIterable<readonly unknown[]>): AsyncGenerator<string> {
  let next = '[';
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    yield next + batch.map((item) => JSON.stringify(item)).join(',');
    next = ',';
  }
  yield next === '[' ? '[]' : ']';
}

/** Sends such an array as it is written: its bytes skip the route's serializer, as cached answers' do. */
export function sendJsonArray(reply: FastifyReply, json: AsyncIterable<string>) {
  return reply.type('application/json; charset=utf-8').send(Readable.from(json));
}
