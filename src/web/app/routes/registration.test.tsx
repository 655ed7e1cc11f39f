// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiFetch } from '#web/lib/api-client.ts';
import { RegistrationPage } from './registration.tsx';

const NOT_PLAIN = 'Name may not contain < > or control characters';

/** What the page sends to better-auth's sign-up, and the store's answer to it. */
let signUps: unknown[] = [];
let answer: () => Response;
// One stand-in for the whole file: better-auth's client keeps the fetch it found when it loaded.
beforeAll(() => {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.url.endsWith('/api/auth/sign-up/email')) {
      signUps.push(await request.json());
      return answer();
    }
    return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
  });
});
afterAll(() => vi.unstubAllGlobals());
function storeAnswering(respond: () => Response) {
  signUps = [];
  answer = respond;
}

function renderPage(path = '/registration') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RegistrationPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

const nameField = () => screen.getByLabelText<HTMLInputElement>('Name');
/** The words read with a field (its hint and error, through aria-describedby). */
const describing = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

beforeEach(() => {
  setApiFetch(async () => Response.json({ googleSignIn: false }));
  storeAnswering(() => Response.json({ token: 't', user: {} }));
});
afterEach(cleanup);

describe('the registration form’s name', () => {
  it.each([
    ['markup', 'Ann <b>', NOT_PLAIN],
    ['only punctuation', '--', 'Name is required'],
  ])('refuses a name of %s under the Name field, before anything is sent', async (_what, name, words) => {
    const user = renderPage();
    await user.type(nameField(), name);
    await user.type(screen.getByLabelText('Email'), 'ann@acme.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText(words)).toBeTruthy();
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(describing(nameField())).toBe(words);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(signUps).toEqual([]);
  });

  it('shows a name refused by a form posted without JavaScript under the Name field', async () => {
    const user = renderPage('/registration?error=name_not_plain');
    expect(describing(nameField())).toBe(NOT_PLAIN);
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    // Sent again with a name it takes, the old words go.
    await user.type(nameField(), 'Ann Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@acme.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await vi.waitFor(() => expect(signUps).toHaveLength(1), { timeout: 10_000 });
    expect(screen.queryByText(NOT_PLAIN)).toBeNull();
  });

  it('keeps a posted form’s other refusals above the form', () => {
    renderPage('/registration?error=user_already_exists');
    expect(screen.getByRole('alert').textContent).toBe('User already exists. Use another email.');
    expect(describing(nameField())).toBe('');
  });

  it('shows under the Name field a name the store refuses', async () => {
    storeAnswering(() =>
      Response.json(
        { error: { code: 'invalid_input', message: NOT_PLAIN, fields: { name: NOT_PLAIN } } },
        { status: 400 },
      ),
    );
    const user = renderPage();
    await user.type(nameField(), 'Ann Lee');
    await user.type(screen.getByLabelText('Email'), 'ann@acme.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    // The first sign-up loads better-auth's client: a second or so on a busy machine.
    await vi.waitFor(() => expect(describing(nameField())).toBe(NOT_PLAIN), { timeout: 10_000 });
    expect(signUps).toEqual([{ name: 'Ann Lee', email: 'ann@acme.com', password: 'correct horse battery' }]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
