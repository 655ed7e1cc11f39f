// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORM_ERRORS } from '#shared/form-posts.ts';
import { getAccessToken, setAccessToken, setApiFetch } from '#web/lib/api-client.ts';
import { toastContainerProps } from '#web/lib/toast.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

const OLD_TOKEN = 'token-of-the-old-session';
const NEW_TOKEN = 'token-of-the-new-session';

/** A refusal as the store passes better-auth's on: its own code and message, and the API's shape. */
const refused = (code: string, message: string) =>
  Response.json({ code, message, error: { code: code.toLowerCase(), message } }, { status: 400 });

/** The store's POST /api/auth/change-password: records what was sent and answers with `answer`. */
function storeAnswering(answer: () => Response) {
  const sent: unknown[] = [];
  setApiFetch(async (url, init) => {
    if (url === '/api/auth/change-password' && init.method === 'POST') {
      sent.push({ body: JSON.parse(String(init.body)), headers: init.headers });
      return answer();
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
  return sent;
}

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ChangePasswordForm />
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const current = () => screen.getByLabelText<HTMLInputElement>('Current password');
const next = () => screen.getByLabelText<HTMLInputElement>('New password');

async function fillAndSend(
  user: ReturnType<typeof userEvent.setup>,
  currentPassword: string,
  newPassword: string,
) {
  await user.type(current(), currentPassword);
  await user.type(next(), newPassword);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('the change-password form of My Profile', () => {
  beforeEach(() => setAccessToken(OLD_TOKEN));
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('labels its fields for password managers', () => {
    renderForm();
    expect(current().autocomplete).toBe('current-password');
    expect(next().autocomplete).toBe('new-password');
    expect(current().type).toBe('password');
    expect(next().type).toBe('password');
  });

  it('sends both passwords, keeps the new session’s token, says so and empties the fields', async () => {
    const sent = storeAnswering(() =>
      Response.json({ token: NEW_TOKEN, user: { email: 'ann@example.com' } }),
    );
    const user = renderForm();
    await fillAndSend(user, 'correct horse battery', 'a brand new passphrase');
    expect(await screen.findByText(/Your password is changed/)).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect((sent[0] as { body: unknown }).body).toEqual({
      currentPassword: 'correct horse battery',
      newPassword: 'a brand new passphrase',
    });
    // On the session's cookie: the old token would stand in for it.
    expect((sent[0] as { headers: Record<string, string> }).headers.Authorization).toBeUndefined();
    expect(getAccessToken()).toBe(NEW_TOKEN);
    expect(current().value).toBe('');
    expect(next().value).toBe('');
  });

  it('asks for both fields before sending, and focuses the first', async () => {
    const sent = storeAnswering(() => Response.json({ token: NEW_TOKEN }));
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('Password is required')).toHaveLength(2);
    expect(document.activeElement).toBe(current());
    expect(current().getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('shows a wrong current password under its field, focused, and keeps the token', async () => {
    storeAnswering(() => refused('INVALID_PASSWORD', 'Invalid password'));
    const user = renderForm();
    await fillAndSend(user, 'not my password', 'a brand new passphrase');
    expect(await screen.findByText('That is not your current password.')).toBeTruthy();
    expect(current().getAttribute('aria-describedby')).toContain(
      screen.getByText('That is not your current password.').id,
    );
    expect(document.activeElement).toBe(current());
    expect(getAccessToken()).toBe(OLD_TOKEN);
    expect(screen.queryByText(/Your password is changed/)).toBeNull();
  });

  it('refuses a short new password under its field, focused', async () => {
    // Refused by the form's own rule, or else by better-auth's: the same words either way.
    storeAnswering(() => refused('PASSWORD_TOO_SHORT', 'Password too short'));
    const user = renderForm();
    await fillAndSend(user, 'correct horse battery', 'short');
    expect(await screen.findByText(FORM_ERRORS.password_too_short)).toBeTruthy();
    expect(document.activeElement).toBe(next());
    expect(next().getAttribute('aria-invalid')).toBe('true');
    expect(getAccessToken()).toBe(OLD_TOKEN);
  });

  it('tells an account made with Google that it has no password to change', async () => {
    storeAnswering(() => refused('CREDENTIAL_ACCOUNT_NOT_FOUND', 'Credential account not found'));
    const user = renderForm();
    await fillAndSend(user, 'anything at all', 'a brand new passphrase');
    expect((await screen.findByRole('alert')).textContent).toMatch(/signs in with Google/);
    expect(getAccessToken()).toBe(OLD_TOKEN);
  });
});
