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
