import { expect, test } from '@playwright/test';
import { EMAIL_LINK_ERRORS } from '#shared/email-confirmation.ts';
import { latestMail, newAccount, registerThroughForm } from '#tests/fixtures/e2e-helpers.ts';

test.describe('the confirmation link mailed at sign-up', () => {
  test('@mobile lands on the home page, which says the address is confirmed', async ({ page, request }) => {
    // A plus and a subdomain, as customers' addresses have.
    const account = {
      ...newAccount('Anna Tools'),
      email: `anna+${Date.now().toString(36)}@mail.example.co.uk`,
    };
    await registerThroughForm(page, account);
    const mail = await latestMail(request, account.email);
    const link = /(http\S+verify-email\S+)/.exec(mail.text)?.[1];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await expect(page).toHaveURL('/?email=confirmed');
    await expect(page.getByRole('status').filter({ hasText: 'email address is confirmed' })).toHaveText(
      'Thanks, your email address is confirmed.',
    );
  });

  test('that is not valid says so on the home page', async ({ page }) => {
    // As links already sent read: their way back is the home page.
    await page.goto('/api/auth/verify-email?token=not-a-token&callbackURL=%2F');
    await expect(page).toHaveURL('/?error=INVALID_TOKEN');
    await expect(page.getByRole('alert')).toHaveText(EMAIL_LINK_ERRORS.INVALID_TOKEN);
  });

  test('the home page says nothing of it otherwise', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Our Tools' })).toBeVisible();
    await expect(page.getByText('email address is confirmed')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
