import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { origin, signUp, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { user } from '#server/db/auth-schema.ts';

// JSON's "\ud800" escape makes a string JSON.parse accepts but no text can hold: the database would
// store U+FFFD in its place. The body below is sent as the raw JSON a client writes.
let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: TestAccount;
beforeAll(async () => {
  t = await createTestApp();
  ann = await signUp(t.app, 'surrogate');
});
afterAll(async () => t.close());

const profile = (json: string) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/myProfile/${ann.email}`,
    headers: { ...ann.bearer, 'content-type': 'application/json' },
    payload: json,
  });
const updateUser = (json: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/update-user',
    headers: { origin, cookie: ann.cookie, 'content-type': 'application/json' },
    payload: json,
  });
const nameOf = async () =>
  (await t.db.select({ name: user.name }).from(user).where(eq(user.email, ann.email)))[0]?.name;

describe('text that is not valid Unicode', () => {
  it.each([
    ['a high surrogate alone', 'Bad \\ud800 Name'],
    ['a low surrogate alone', 'Bad \\udc00 Name'],
    ['a pair the wrong way round', 'Bad \\ude00\\ud83d Name'],
    ['a high surrogate at the end', 'Bad Name\\ud83d'],
  ])('is refused with 400 in the error shape, naming the field: %s', async (_what, escaped) => {
    const res = await profile(`{"address":"${escaped}"}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'Some fields are not valid.',
        fields: { address: expect.stringMatching(/surrogate/) },
      },
    });
    const auth = await updateUser(`{"name":"${escaped}"}`);
    expect(auth.statusCode).toBe(400);
    expect(auth.json().error).toMatchObject({
      code: 'invalid_input',
      fields: { name: expect.stringMatching(/surrogate/) },
    });
    expect(await nameOf()).toBe('Test surrogate');
  });

  it('keeps a paired one (an emoji, escaped or not) as sent', async () => {
    const res = await profile('{"address":"12 Forge Lane \\ud83d\\udd28 🪚"}');
    expect(res.statusCode).toBe(200);
    expect(res.json().address).toBe('12 Forge Lane 🔨 🪚');
    expect((await updateUser('{"name":"Ann \\ud83d\\udd28"}')).statusCode).toBe(200);
    expect(await nameOf()).toBe('Ann 🔨');
  });

  it('still refuses a NUL character, with its own words', async () => {
    const res = await profile('{"profession":"a\\u0000b"}');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ profession: 'Text may not contain NUL characters.' });
  });
});
