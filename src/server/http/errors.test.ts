// The words of a refused field (DESIGN §3: per-field messages a person can read), where its schema
// gives none of its own: a field left out, or of the wrong type.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '#tests/fixtures/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signUp = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object });

it('says a field left out is required', async () => {
  const res = await signUp({});
  expect(res.statusCode).toBe(400);
  expect(res.json().error.fields).toEqual({ name: 'Required', email: 'Required' });
});

it('says what a field of the wrong type should be', async () => {
  const res = await signUp({ name: 7, email: ['a@b.co'], phone: false });
  expect(res.statusCode).toBe(400);
  expect(res.json().error.fields).toEqual({
    name: 'Must be text',
    email: 'Give one value, not several',
    phone: 'Must be text',
  });
});

it('says a query parameter given twice should be given once', async () => {
  const res = await t.app.inject('/api/catalogue?q=drill&q=saw');
  expect(res.statusCode).toBe(400);
  expect(res.json().error.fields).toEqual({ q: 'Give one value, not several' });
});

it("keeps a schema's own words", async () => {
  const res = await signUp({ name: 'Pat', email: 'not-an-email' });
  expect(res.json().error.fields).toEqual({ email: 'Provide a valid email' });
});

it('says a body of another type than JSON should be sent as JSON', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    headers: { 'content-type': 'application/xml' },
    payload: '<signup><name>Pat</name></signup>',
  });
  expect(res.statusCode).toBe(415);
  expect(res.json()).toEqual({
    error: {
      code: 'unsupported_media_type',
      message: 'Send the body as JSON (Content-Type: application/json).',
    },
  });
});

it.each([
  ['a list', '[{"name":"Pat","email":"pat@example.com"}]', 'not a list'],
  ['text', '"Pat"', 'not text'],
  ['null', 'null', 'not null'],
  ['a number', '7', 'not a number'],
])('says a body that is %s must be a JSON object', async (_what, raw, says) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    headers: { 'content-type': 'application/json' },
    payload: raw,
  });
  expect(res.statusCode).toBe(400);
  const message = `The body must be a JSON object ({"field": value, …}), ${says}.`;
  expect(res.json()).toEqual({ error: { code: 'invalid_input', message, fields: { body: message } } });
});

it('says a call with no body needs a JSON object', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/newsletter' });
  expect(res.statusCode).toBe(400);
  expect(res.json().error.message).toBe(
    'The body must be a JSON object ({"field": value, …}), this call has none.',
  );
});

it.each([
  ['__proto__', '{"__proto__":{"admin":true},"name":"Pat","email":"pat@example.com"}'],
  [
    'constructor.prototype',
    '{"constructor":{"prototype":{"admin":true}},"name":"Pat","email":"pat@example.com"}',
  ],
])('refuses a %s key, saying such keys are not accepted (it is valid JSON)', async (_what, raw) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    headers: { 'content-type': 'application/json' },
    payload: raw,
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    error: {
      code: 'invalid_input',
      message: 'The keys "__proto__" and "constructor" (with "prototype") are not accepted in a body.',
    },
  });
});

it('still says JSON that is not valid is not valid', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/newsletter',
    headers: { 'content-type': 'application/json' },
    payload: '{"name": "Pat", ',
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().error.code).toBe('invalid_json');
});

it('says a value that must be one of a few which it must be', async () => {
  const res = await t.app.inject('/api/catalogue?sort=cheapest');
  expect(res.json().error.fields).toEqual({ sort: 'One of relevance, name, price-asc, price-desc, newest' });
});

it('answers an id of over 100 characters as any malformed id: it names nothing', async () => {
  for (const url of [`/api/tool/${'a'.repeat(101)}`, `/api/tool/${'a'.repeat(101)}/reviews`]) {
    const res = await t.app.inject(url);
    expect(res.statusCode, url).toBe(404);
    expect(res.json(), url).toEqual({ error: { code: 'not_found', message: 'No tool with this id.' } });
  }
});
