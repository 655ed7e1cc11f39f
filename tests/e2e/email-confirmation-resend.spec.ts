import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { EMAIL_CONFIRMED_MESSAGE, EMAIL_LINK_ERRORS, NEW_LINK_WORDS } from '#shared/email-confirmation.ts';
import {
  type CaughtMail,
  form,
  mailCatcherURL,
  newAccount,
  registerThroughForm,
  seriousViolations,
} from '#tests/fixtures/e2e-helpers.ts';

/** Every mail caught for this address, oldest first, once there are at least `count`. */
async function mailsTo(request: APIRequestContext, to: string, count: number): Promise<CaughtMail[]> {
  let found: CaughtMail[] = [];
  await expect
    .poll(
      async () => {
        const response = await request.get(`${mailCatcherURL}/messages?to=${encodeURIComponent(to)}`);
        found = (await response.json()) as CaughtMail[];
        return found.length;
      },
      { message: `${count} mails to ${to}`, timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

function confirmationLink(mail: CaughtMail): string {
  const link = /(http\S+verify-email\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no confirmation link in ${JSON.stringify(mail)}`);
  return link;
}

/** The details card of My Profile. */
function profileCard(page: Page) {
  return page.getByRole('region', { name: 'Your details' });
}

const sendAgain = (page: Page) => page.getByRole('button', { name: NEW_LINK_WORDS.send });

test.describe('a new confirmation link', () => {
  test('@mobile is sent from My Profile, confirms the address, and My Profile stops asking', async ({
    page,
    request,
  }) => {
    const account = newAccount('Hedy Lamarr');
    await registerThroughForm(page, account);
    const signUpMail = (await mailsTo(request, account.email, 1))[0]!;

    await expect(profileCard(page).getByText(NEW_LINK_WORDS.notConfirmed)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await sendAgain(page).click();
    await expect(
      page.getByRole('alert').filter({ hasText: NEW_LINK_WORDS.sent(account.email) }),
    ).toBeVisible();
    // It keeps the focus, and rests a minute.
    await expect(sendAgain(page)).toBeFocused();
    await expect(sendAgain(page)).toHaveAttribute('aria-disabled', 'true');
    await expect(sendAgain(page)).toHaveAccessibleDescription(NEW_LINK_WORDS.wait);
    expect(await seriousViolations(page)).toEqual([]);

    const mails = await mailsTo(request, account.email, 2);
    expect(mails).toHaveLength(2);
    const link = confirmationLink(mails[1]!);
    expect(link).not.toBe(confirmationLink(signUpMail));

    await page.goto(link);
    await expect(page).toHaveURL('/?email=confirmed');
    await expect(page.getByRole('status').filter({ hasText: 'email address is confirmed' })).toHaveText(
      EMAIL_CONFIRMED_MESSAGE,
    );

    await page.goto('/dashboard');
    await expect(profileCard(page).getByText(account.email)).toBeVisible();
    await expect(page.getByText(NEW_LINK_WORDS.notConfirmed)).toHaveCount(0);
    await expect(sendAgain(page)).toHaveCount(0);
  });

  test('@mobile a link that is not valid offers a signed-out visitor to log in, back to My Profile', async ({
    page,
    request,
  }) => {
    const account = newAccount('Radia Perlman');
    await registerThroughForm(page, account);
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    await page.goto('/api/auth/verify-email?token=not-a-token&callbackURL=%2F%3Femail%3Dconfirmed');
    await expect(page).toHaveURL('/?email=confirmed&error=INVALID_TOKEN');
    await expect(page.getByRole('alert')).toHaveText(EMAIL_LINK_ERRORS.INVALID_TOKEN);
    expect(EMAIL_LINK_ERRORS.INVALID_TOKEN).not.toMatch(/latest mail/);
    const logIn = page.getByRole('link', { name: NEW_LINK_WORDS.logIn });
    await expect(logIn).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await logIn.click();
    await expect(page).toHaveURL('/login');
    await form(page).getByLabel('Email', { exact: true }).fill(account.email);
    await form(page).getByLabel('Password', { exact: true }).fill(account.password);
    await form(page).getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(profileCard(page).getByText(NEW_LINK_WORDS.notConfirmed)).toBeVisible();
    await sendAgain(page).click();
    await expect(
      page.getByRole('alert').filter({ hasText: NEW_LINK_WORDS.sent(account.email) }),
    ).toBeVisible();
    await mailsTo(request, account.email, 2);
  });

  test('@mobile an expired link offers a signed-in customer the button', async ({ page, request }) => {
    const account = newAccount('Sophie Wilson');
    await registerThroughForm(page, account);

    await page.goto('/?email=confirmed&error=TOKEN_EXPIRED');
    await expect(page.getByRole('alert')).toHaveText(EMAIL_LINK_ERRORS.TOKEN_EXPIRED);
    await expect(page.getByRole('link', { name: NEW_LINK_WORDS.logIn })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    await sendAgain(page).click();
    await expect(
      page.getByRole('alert').filter({ hasText: NEW_LINK_WORDS.sent(account.email) }),
    ).toBeVisible();
    await expect(sendAgain(page)).toBeFocused();
    const mails = await mailsTo(request, account.email, 2);
    await page.goto(confirmationLink(mails[1]!));
    await expect(page.getByRole('status').filter({ hasText: 'email address is confirmed' })).toBeVisible();
  });
});
