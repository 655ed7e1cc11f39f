// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Order } from '#shared/schemas/order.ts';
import { setApiFetch } from '#web/lib/api-client.ts';
import { authKeys } from '#web/lib/query-keys.ts';
import { PaymentPage } from './payment.tsx';

const ORDER_ID = '6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e0f';
const INTENT = 'pi_sandbox_0123456789abcdef01234567';
const ALREADY_SUCCEEDED = {
  code: 'payment_intent_unexpected_state',
  message:
    'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
};

/** The store's side of the payment, as the server answers it; PATCHes can be made to fail. */
let store: {
  paid: boolean;
  charged: boolean;
  /** How many PATCHes are lost on the way (the connection dropped). */
  lostPatches: number;
  /** Cancelled meanwhile (its hold ended, or another tab): the order answers 404. */
  cancelled: boolean;
  /** The end of the order's hold. */
  payBy: string;
  calls: string[];
};

const order = (): Order => ({
  _id: ORDER_ID,
  toolsId: 'tool-1',
  name: 'Pat Payer',
  email: 'pat@example.com',
  phone: '555 0100',
  address: '1 Road',
  productName: 'Torque MX-40 Magnetic Drill',
  productPrice: 20,
  productImg: '/images/tools/drill.webp',
  quantity: 2,
  totalPrice: 40,
  paid: store.paid,
  shiftNow: false,
  transactionId: store.paid ? INTENT : null,
  status: store.paid ? 'paid' : 'unpaid',
  refundedAt: null,
  createdAt: new Date().toISOString(),
  payBy: store.paid ? null : store.payBy,
});

const refuse = (status: number, error: { code: string; message: string }) =>
  Response.json({ error }, { status });

beforeEach(() => {
  store = {
    paid: false,
    charged: false,
    lostPatches: 0,
    cancelled: false,
    payBy: new Date(Date.now() + 3_600_000).toISOString(),
    calls: [],
  };
  setApiFetch(async (url, init) => {
    const call = `${init.method ?? 'GET'} ${url}`;
    store.calls.push(call);
    if (call === `GET /api/myOrder/${ORDER_ID}`) {
      if (store.cancelled) return refuse(404, { code: 'not_found', message: 'No such order.' });
      return Response.json(order());
    }
    if (call === 'POST /api/create-payment-intent') {
      // As the server: a charged order is settled here and answered as paid.
      if (store.charged) store.paid = true;
      if (store.paid) return refuse(409, { code: 'order_paid', message: 'This order is already paid.' });
      return Response.json({ clientSecret: `${INTENT}_secret_abc`, gateway: 'sandbox' });
    }
    if (call === 'POST /api/payments/sandbox/confirm') {
      if (store.cancelled) {
        return refuse(409, {
          code: 'order_closed',
          message: 'This order is closed and can no longer be paid.',
        });
      }
      if (store.charged) return refuse(409, ALREADY_SUCCEEDED);
      const { card } = JSON.parse(String(init.body)) as { card: { number: string } };
      if (card.number !== '4242424242424242') {
        return refuse(402, { code: 'card_declined', message: 'Your card was declined.' });
      }
      store.charged = true;
      return Response.json({ id: INTENT, status: 'succeeded' });
    }
    if (call === `PATCH /api/order/${ORDER_ID}`) {
      if (store.lostPatches > 0) {
        store.lostPatches--;
        throw new TypeError('Failed to fetch');
      }
      store.paid = true;
      return Response.json({ acknowledged: true, transactionId: INTENT });
    }
    return refuse(404, { code: 'not_found', message: 'Not found' });
  });
});

/** The payment page of the order, for a signed-in customer. */
function openPaymentPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.session, {
    name: 'Pat Payer',
    email: 'pat@example.com',
    image: null,
    role: 'user',
  });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/dashboard/payment/${ORDER_ID}`]}>
        <Routes>
          <Route path="/dashboard/payment/:orderId" element={<PaymentPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
afterEach(cleanup);

async function pay(number: string) {
  const user = userEvent.setup();
  // The card form's Pay, once the intent is there (a disabled one stands in for it until then).
  const payButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Pay' });
  await waitFor(() => expect(payButton().disabled).toBe(false));
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry (MM/YY)'), `12${(new Date().getFullYear() + 2) % 100}`);
  await user.type(screen.getByLabelText('CVC'), '123');
  await user.click(payButton());
}

const patches = () => store.calls.filter((c) => c.startsWith('PATCH')).length;

it('charged but not recorded (the PATCH lost): says so instead of asking for the card, then records it', async () => {
  store.lostPatches = 1;
  openPaymentPage();
  await pay('4242 4242 4242 4242');

  const charged = await screen.findByText(/Your card was charged \(transaction id/);
  // The box no longer asks for a card, in its heading either.
  expect(screen.getByRole('heading', { level: 2, name: 'Payment' })).toBeTruthy();
  expect(charged.textContent).toContain(INTENT);
  expect(charged.textContent).toContain('We could not reach the store to record it yet');
  expect(screen.queryByLabelText('Card number')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
  expect(screen.queryByText('The store could not be reached. Check your connection.')).toBeNull();

  // Tried again a second later: recorded.
  await screen.findByText('Congrats! Your payment is completed', {}, { timeout: 5000 });
  expect(screen.getByText(INTENT)).toBeTruthy();
  expect(patches()).toBe(2);
  expect(store.paid).toBe(true);
});

it(
  'keeps saying the card was charged while the store stays out of reach, with Check again',
  { timeout: 15_000 },
  async () => {
    store.lostPatches = 100;
    openPaymentPage();
    await pay('4242 4242 4242 4242');
    await screen.findByText(/Your card was charged/);
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
    await waitFor(() => expect(patches()).toBe(2), { timeout: 3000 });
    // The first retries spent, the box says what to do now (in its live region).
    expect(screen.queryByText(/still out of reach/)).toBeNull();
    await screen.findByText(
      /The store is still out of reach: press Check again once you are back online\./,
      {},
      { timeout: 8000 },
    );
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByText(/Your card was charged/)).toBeTruthy();
  },
);

it('a card confirmed for an intent that already succeeded (another tab paid): "This order is already paid"', async () => {
  openPaymentPage();
  await screen.findByRole('button', { name: 'Pay' });
  // Paid in another tab after this page was drawn, its PATCH not through yet.
  store.charged = true;
  await pay('4000 0000 0000 0002');

  await screen.findByText('This order is already paid');
  // It replaced the form whose Pay had the keyboard: the keyboard goes to it.
  await waitFor(() => expect(document.activeElement?.textContent).toBe('This order is already paid'));
  expect(screen.getByText(INTENT)).toBeTruthy();
  expect(screen.queryByText('Congrats! Your payment is completed')).toBeNull();
  expect(screen.queryByText('Your card was declined.')).toBeNull();
  expect(screen.queryByText(ALREADY_SUCCEEDED.message)).toBeNull();
});

it('an intent answered 409 order_paid (settled by the store) shows "This order is already paid", no error', async () => {
  // The order reads unpaid, then is settled by the intent request: charged earlier, its PATCH lost.
  store.charged = true;
  openPaymentPage();
  await screen.findByText('This order is already paid');
  expect(screen.getByText(INTENT)).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  expect(store.calls.filter((c) => c === `GET /api/myOrder/${ORDER_ID}`)).toHaveLength(2);
});

it('says until when the order is held, and once its hold ended meanwhile, that it was cancelled and nothing charged', async () => {
  store.payBy = '2025-03-04T11:11:45.000Z';
  openPaymentPage();
  // This machine's clock is in UTC, as the reader's here.
  await screen.findByText(
    (_, element) => element?.textContent === 'Pay by Mar 4, 11:11 UTC or it is cancelled',
  );
  // The hold ended while the page was open: the store cancelled the order.
  store.cancelled = true;
  await pay('4242 4242 4242 4242');

  await screen.findByRole('heading', { name: 'This order was cancelled' });
  expect(
    screen.getByText(
      /It was not paid by Mar 4, 11:11 UTC, so its items went back on sale\. Nothing was charged\./,
    ),
  ).toBeTruthy();
  expect(screen.getByRole('link', { name: 'Order it again' }).getAttribute('href')).toBe('/tools/tool-1');
  expect(screen.queryByText('Order not found')).toBeNull();
});

it('an order cancelled in another tab before its hold ended says so', async () => {
  openPaymentPage();
  await screen.findByRole('button', { name: 'Pay' });
  store.cancelled = true;
  await pay('4242 4242 4242 4242');
  await screen.findByRole('heading', { name: 'This order was cancelled' });
  expect(
    screen.getByText(
      /It was cancelled while this page was open, in another tab or window\. Nothing was charged\./,
    ),
  ).toBeTruthy();
});
