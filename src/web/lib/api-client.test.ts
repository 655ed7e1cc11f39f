// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { apiDownload, apiRequest, setAccessToken, setApiFetch, whileReadingSession } from './api-client.ts';

// A protected call, as the server answers it: 200 with the token, 401 without.
const sent: (string | null)[] = [];
function protectedApi() {
  setApiFetch(async (_url, init) => {
    const authorization = new Headers(init.headers).get('authorization');
    sent.push(authorization);
    return authorization === 'Bearer the-token'
      ? Response.json([{ _id: 'o1' }])
      : Response.json(
          { error: { code: 'unauthenticated', message: 'Please sign in to continue.' } },
          { status: 401 },
        );
  });
}

/** A session read that gets this tab its token after a moment, as the token exchange does. */
function sessionReadGivingToken() {
  return whileReadingSession(
    new Promise<void>((resolve) =>
      setTimeout(() => {
        setAccessToken('the-token');
        resolve();
      }, 20),
    ),
  );
}

afterEach(() => {
  localStorage.clear();
  sent.length = 0;
});

describe('a page drawn signed in, in a tab without the session’s token yet', () => {
  it('asks for its data once the session read has brought the token', async () => {
    protectedApi();
    const read = sessionReadGivingToken();
    await expect(apiRequest('/myOrders')).resolves.toEqual([{ _id: 'o1' }]);
    expect(sent).toEqual(['Bearer the-token']);
    await read;
  });

  it('asks again with the token when its first call went out before the read began', async () => {
    protectedApi();
    let read: Promise<void> | undefined;
    setApiFetch(async (_url, init) => {
      const authorization = new Headers(init.headers).get('authorization');
      sent.push(authorization);
      if (authorization === 'Bearer the-token') return Response.json([{ _id: 'o1' }]);
      // The session read starts while this call is out.
      read = sessionReadGivingToken();
      return Response.json(
        { error: { code: 'unauthenticated', message: 'Please sign in.' } },
        { status: 401 },
      );
    });
    await expect(apiRequest('/myOrders')).resolves.toEqual([{ _id: 'o1' }]);
    expect(sent).toEqual([null, 'Bearer the-token']);
    await read;
  });

  it('downloads a file with the token the session read brings (a CSV export)', async () => {
    setApiFetch(async (_url, init) => {
      const authorization = new Headers(init.headers).get('authorization');
      sent.push(authorization);
      return authorization === 'Bearer the-token'
        ? new Response('"Order Id"\r\n', { headers: { 'content-type': 'text/csv' } })
        : Response.json(
            { error: { code: 'unauthenticated', message: 'Please sign in to continue.' } },
            { status: 401 },
          );
    });
    const read = sessionReadGivingToken();
    const download = apiDownload('/admin/orders.csv');
    await read;
    expect(await (await download).text()).toBe('"Order Id"\r\n');
    expect(sent).toEqual(['Bearer the-token']);
  });

  it('fails as before when no session read is under way', async () => {
    protectedApi();
    await expect(apiRequest('/myOrders')).rejects.toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(sent).toEqual([null]);
  });

  it('still fails when the session read ends signed out', async () => {
    protectedApi();
    const read = whileReadingSession(new Promise<void>((resolve) => setTimeout(resolve, 20)));
    await expect(apiRequest('/myOrders')).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual([null]);
    await read;
  });
});
