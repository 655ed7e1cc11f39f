// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EMAIL_LINK_ERRORS, NEW_LINK_WORDS } from '#shared/email-confirmation.ts';
import type { SessionUser } from '#shared/session.ts';
import { authKeys } from '#web/lib/query-keys.ts';
import { EmailConfirmationNotice } from './email-confirmation-notice.tsx';

const ANN: SessionUser = { name: 'Ann', email: 'ann@example.com', image: null };

/** Where the login page would send the visitor back to, from the router state it was given. */
function LoginProbe() {
  const state = useLocation().state as { from?: { pathname?: string } } | null;
  return <p>Login page, back to {state?.from?.pathname}</p>;
}

function showHome(url: string, user: SessionUser | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.session, user);
  render(
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={queryClient}>
        <Routes>
          <Route path="/" element={<EmailConfirmationNotice />} />
          <Route path="/login" element={<LoginProbe />} />
        </Routes>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('the home page’s notice of a confirmation link', () => {
  afterEach(cleanup);

  it('offers a signed-out visitor to log in, and back to My Profile', async () => {
    showHome('/?error=TOKEN_EXPIRED', null);
    expect(screen.getByRole('alert').textContent).toBe(EMAIL_LINK_ERRORS.TOKEN_EXPIRED);
    expect(screen.queryByRole('button')).toBeNull();
    await userEvent.setup().click(screen.getByRole('link', { name: NEW_LINK_WORDS.logIn }));
    expect(screen.getByText('Login page, back to /dashboard')).toBeTruthy();
  });

  it('offers a signed-in customer whose address is not confirmed the button', async () => {
    showHome('/?email=confirmed&error=INVALID_TOKEN', { ...ANN, emailVerified: false });
    expect(screen.getByRole('alert').textContent).toBe(EMAIL_LINK_ERRORS.INVALID_TOKEN);
    expect(await screen.findByRole('button', { name: NEW_LINK_WORDS.send })).toBeTruthy();
    expect(screen.queryByRole('link', { name: NEW_LINK_WORDS.logIn })).toBeNull();
  });

  it('tells a signed-in customer already confirmed that there is nothing to do', async () => {
    showHome('/?error=TOKEN_EXPIRED', { ...ANN, emailVerified: true });
    expect(await screen.findByText(NEW_LINK_WORDS.alreadyConfirmed)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('offers nothing for an account that no longer exists, nor once confirmed', () => {
    showHome('/?error=USER_NOT_FOUND', null);
    expect(screen.getByRole('alert').textContent).toBe(EMAIL_LINK_ERRORS.USER_NOT_FOUND);
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    showHome('/?email=confirmed', null);
    expect(screen.getByRole('status')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
