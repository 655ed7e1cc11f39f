import { expect, test } from '@playwright/test';
import { createAccount, loginThroughForm, newAccount, storeURL } from '#tests/fixtures/e2e-helpers.ts';

// Stored-XSS payloads in every free-text field a customer controls render as inert text wherever
// the store shows them: home carousel, dashboard profile, My Orders.
const payload = (n: number) => `<img src=x onerror="window.__xss=${n}"><script>window.__xss=${n}</script>`;

test('hostile text in names, reviews, profiles and orders renders as text and runs nothing', async ({
  page,
  request,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  // Markup in a name is refused at sign-up; quotes and ampersands are a name's own.
  const refused = await request.post('/api/auth/sign-up/email', {
    headers: { origin: storeURL },
    data: { ...newAccount(), name: `Eve ${payload(1)}` },
  });
  expect(refused.status()).toBe(400);
  const account = await createAccount(request, { ...newAccount(), name: `Eve "O'Hara" & Sons` });
  const token = (
    (await (
      await request.put(`/api/user/${account.email}`, {
        headers: { origin: storeURL },
        data: { email: account.email },
      })
    ).json()) as { token: string }
  ).token;
  const headers = { authorization: `Bearer ${token}` };
  expect(
    (
      await request.post('/api/review', {
        headers,
        data: {
          profession: `Welder ${payload(2)}`,
          productName: `Saw ${payload(3)}`,
          ratings: 5,
          opinions: `Great ${payload(4)}`,
        },
      })
    ).ok(),
  ).toBe(true);
  expect(
    (
      await request.put(`/api/myProfile/${account.email}`, {
        headers,
        data: { education: `BSc ${payload(5)}`, address: `Road ${payload(6)}` },
      })
    ).ok(),
  ).toBe(true);
  const tools = (await (await request.get('/api/tools')).json()) as { _id: string; minimumOrder: number }[];
  expect(
    (
      await request.post('/api/purchase', {
        headers,
        data: {
          toolsId: tools[0]!._id,
          phone: '555 0100',
          address: `Dock ${payload(7)}`,
          quantity: tools[0]!.minimumOrder,
        },
      })
    ).ok(),
  ).toBe(true);

  await page.goto('/');
  const reviews = page.getByRole('region', { name: 'What Our Clients Says?' });
  await expect(reviews.getByText(`Great ${payload(4)}`)).toBeVisible();
  await expect(reviews.getByText(`Eve "O'Hara" & Sons`)).toBeVisible();

  await loginThroughForm(page, account);
  await page.goto('/dashboard');
  await expect(page.getByText(`BSc ${payload(5)}`)).toBeVisible();
  await page.goto('/dashboard/myOrders');
  await expect(page.getByText(`Dock ${payload(7)}`).first()).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  // No element was created from the payloads.
  expect(await page.locator('img[src="x"]').count()).toBe(0);
});
