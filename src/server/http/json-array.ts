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

/** Sends JSON already written (by the database, or as it streams): its bytes skip the route's serializer, as cached answers' do. */
export function sendJson(reply: FastifyReply, json: string | Readable) {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** Sends such an array as it is written. */
export const sendJsonArray = (reply: FastifyReply, json: AsyncIterable<string>) =>
  sendJson(reply, Readable.from(json));
