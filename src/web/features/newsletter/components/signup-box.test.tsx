// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify/unstyled';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormFill } from '#shared/form-posts.ts';
import { setApiFetch } from '#web/lib/api-client.ts';
import { formFillKey } from '#web/lib/query-keys.ts';
import { toastContainerProps } from '#web/lib/toast.ts';
import { SignupBox } from './signup-box.tsx';

/** POST /api/newsletter as the server answers: the same 200 for any address, a 400 for a bad phone. */
function store() {
  const list: string[] = [];
  setApiFetch(async (url, init) => {
    const body = JSON.parse(String(init.body)) as { email: string; phone: string };
    if (url !== '/api/newsletter' || init.method !== 'POST') return new Response(null, { status: 404 });
    if (/[a-z]/i.test(body.phone)) {
      return Response.json(
        {
          error: {
            code: 'invalid_input',
            message: 'Some fields are not valid.',
            fields: { phone: 'Give a phone number: digits, spaces, + ( ) - .' },
          },
        },
        { status: 400 },
      );
    }
    list.push(body.email.toLowerCase());
    return Response.json({ acknowledged: true });
  });
  return list;
}

/** The box at `url`, drawn with `fill` as a refused no-JS post is drawn again (entry-server). */
function showBox(url = '/', fill?: FormFill) {
  const client = new QueryClient();
  if (fill) client.setQueryData(formFillKey, fill);
  render(
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={client}>
        <SignupBox />
        <ToastContainer {...toastContainerProps} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

async function signUp(name: string, email: string, phone = '') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), name);
  await user.type(screen.getByLabelText('Email'), email);
  if (phone) await user.type(screen.getByLabelText('Phone'), phone);
  await user.click(screen.getByRole('button', { name: 'Stay with Us' }));
}

describe('the newsletter sign-up box', () => {
  afterEach(cleanup);

  it('says to check the inbox, alike for a new and a repeated address', async () => {
    const list = store();
    showBox();
    await signUp('Dana Ruiz', 'dana@example.com');
    const checkInbox = 'Check your inbox: we sent a link to confirm your subscription.';
    expect(await screen.findByText(checkInbox)).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('');
    // A later visit, with the same address: the same words.
    cleanup();
    showBox();
    await signUp('Dana R', 'dana@example.com');
    expect(await screen.findByText(checkInbox)).toBeTruthy();
    expect(screen.queryByText(/on our list already/)).toBeNull();
    expect(list).toEqual(['dana@example.com', 'dana@example.com']);
  });

  it('says what was wrong, and keeps what was typed', async () => {
    store();
    showBox();
    await signUp('Eve', 'eve@example.com', 'call me');
    expect(await screen.findByText('Give a phone number: digits, spaces, + ( ) - .')).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('eve@example.com');
  });

  it('empties the fields after a sign-up, not bringing back a refused no-JS post', async () => {
    const list = store();
    showBox('/?newsletter=invalid_email', { name: 'Gus', email: 'gus@', phone: '555 0101' });
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
    expect([field('Name').value, field('Email').value, field('Phone').value]).toEqual([
      'Gus',
      'gus@',
      '555 0101',
    ]);
    const user = userEvent.setup();
    await user.type(field('Email'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Stay with Us' }));
    await screen.findByText('Check your inbox: we sent a link to confirm your subscription.');
    expect(list).toEqual(['gus@example.com']);
    expect([field('Name').value, field('Email').value, field('Phone').value]).toEqual(['', '', '']);
  });

  it('posts as a form to /newsletter until the app takes it over', () => {
    showBox();
    const form = screen.getByRole('form', { name: 'Sign up for trade offers' }) as HTMLFormElement;
    expect([form.method, new URL(form.action).pathname]).toEqual(['post', '/newsletter']);
  });

  it.each([
    ['check_inbox', 'status', 'Check your inbox: we sent a link to confirm your subscription.'],
    [
      'confirmed',
      'status',
      "Your subscription is confirmed. Thanks! We'll keep you posted on new tools and trade offers.",
    ],
    [
      'invalid_link',
      'alert',
      'This confirmation link is not valid: it may have expired (each works for 7 days), or a newer one was sent. Sign up again below for a new link.',
    ],
    ['too_many_mails', 'alert', 'Too many emails were sent to this address. Please try again in an hour.'],
    ['invalid_email', 'alert', 'Provide a valid email'],
    ['rate_limited', 'alert', 'Too many attempts. Please wait a minute and try again.'],
  ])(
    'says the outcome of the form posted without JavaScript, or of the mailed link (?newsletter=%s)',
    (outcome, role, text) => {
      showBox(`/?newsletter=${outcome}`);
      expect(screen.getByRole(role).textContent).toBe(text);
    },
  );

  it('says nothing for an outcome the server does not send, and drops the posted one on a new try', async () => {
    store();
    showBox('/?newsletter=%3Cb%3Ehi');
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    showBox('/?newsletter=invalid_email');
    await signUp('Fay', 'fay@example.com');
    await screen.findByText('Check your inbox: we sent a link to confirm your subscription.');
    expect(screen.queryByText('Provide a valid email')).toBeNull();
  });
});
