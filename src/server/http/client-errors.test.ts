// Requests Node's HTTP parser refuses before any route runs: they are answered in the one error
// shape (DESIGN §3) too. Sent as raw bytes, as a client that does not percent-encode would send them.
import { connect } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '#tests/fixtures/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(async () => t.close());

/** Sends `request` as it is and reads the answer until the store closes the connection. */
function raw(request: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

it('answers an address with bytes it may not hold (not percent-encoded) with 400 in the error shape', async () => {
  const res = await raw(
    Buffer.from('GET /api/catalogue?q=perçeuse 日本 HTTP/1.1\r\nHost: localhost\r\n\r\n'),
  );
  expect(res.status).toBe(400);
  expect(res.headers).toMatch(/content-type: application\/json; charset=utf-8/i);
  expect(JSON.parse(res.body)).toEqual({
    error: {
      code: 'bad_request',
      message: 'This request could not be read: is its address percent-encoded?',
    },
  });
});

it('answers headers too large with 431 in the error shape', async () => {
  const res = await raw(`GET /api/tools HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
  expect(res.status).toBe(431);
  expect(JSON.parse(res.body)).toEqual({
    error: { code: 'headers_too_large', message: "The request's headers are too large." },
  });
});

it('still answers the same address percent-encoded', async () => {
  const res = await fetch(`http://127.0.0.1:${port}/api/catalogue?q=${encodeURIComponent('perçeuse')}`);
  expect(res.status).toBe(200);
});
