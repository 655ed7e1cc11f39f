// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_CONFIRMED_PATH, NEW_LINK_WORDS } from '#shared/email-confirmation.ts';
import { setApiFetch } from '#web/lib/api-client.ts';
import { toastContainerProps } from '#web/lib/toast.ts';
import { RESEND_REST_MS, SendConfirmationLink } from './send-confirmation-link.tsx';

const EMAIL = 'ann@example.com';

/** The store's POST /api/auth/send-verification-email: records each body and answers with `answer`. */
function storeAnswering(answer: () => Response) {
  const sent: unknown[] = [];
  setApiFetch(async (url, init) => {
    if (url === '/api/auth/send-verification-email' && init.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return answer();
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
  return sent;
}

function renderButton(user = userEvent.setup()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SendConfirmationLink email={EMAIL} />
      <ToastContainer {...toastContainerProps} />
    </QueryClientProvider>,
  );
  return user;
}

const button = () => screen.getByRole('button', { name: NEW_LINK_WORDS.send });

describe('the "Send the link again" button', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('asks for a link landing where the sign-up mail’s does, says so, keeps the focus and rests a minute', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const sent = storeAnswering(() => Response.json({ status: true }));
    const user = renderButton(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));

    await user.click(button());
    expect(await screen.findByText(NEW_LINK_WORDS.sent(EMAIL))).toBeTruthy();
    expect(sent).toEqual([{ email: EMAIL, callbackURL: EMAIL_CONFIRMED_PATH }]);
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute('aria-disabled')).toBe('true');
    expect(button().hasAttribute('disabled')).toBe(false);
    expect(screen.getByText(NEW_LINK_WORDS.wait).id).toBe(button().getAttribute('aria-describedby'));

    // Pressed again while it rests: nothing is sent.
    await user.click(button());
    expect(sent).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(RESEND_REST_MS));
    expect(button().getAttribute('aria-disabled')).toBeNull();
    expect(screen.queryByText(NEW_LINK_WORDS.wait)).toBeNull();
    await user.click(button());
    await vi.waitFor(() => expect(sent).toHaveLength(2));
  });

  it('shows the rate limit’s words under it, and can be pressed again', async () => {
    const message = 'Too many attempts. Please wait 42 seconds and try again.';
    const sent = storeAnswering(() =>
      Response.json({ error: { code: 'rate_limited', message } }, { status: 429 }),
    );
    const user = renderButton();

    await user.click(button());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText(NEW_LINK_WORDS.sent(EMAIL))).toBeNull();
    expect(document.activeElement).toBe(button());
    expect(button().getAttribute('aria-disabled')).toBeNull();
    await user.click(button());
    expect(sent).toHaveLength(2);
  });

  it('says an address confirmed meanwhile is confirmed', async () => {
    storeAnswering(() =>
      Response.json(
        { error: { code: 'email_already_verified', message: 'Email is already verified' } },
        { status: 400 },
      ),
    );
    const user = renderButton();
    await user.click(button());
    expect(await screen.findByText(NEW_LINK_WORDS.alreadyConfirmed)).toBeTruthy();
    expect(screen.queryByText('Email is already verified')).toBeNull();
  });
});
