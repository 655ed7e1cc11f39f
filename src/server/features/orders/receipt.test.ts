import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpAdmin, type TestAccount } from '#tests/fixtures/accounts.ts';
import { createTool } from '#tests/fixtures/factories.ts';
import { payWithGoodCard } from '#tests/fixtures/payments.ts';
import { createTestApp } from '#tests/fixtures/test-app.ts';
import { SELLER } from './receipt.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let ann: TestAccount;
let bob: TestAccount;
let boss: TestAccount;
const BOSS = 'receipt-boss@example.com';

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [BOSS] });
  boss = await signUpAdmin(t.app, { name: 'Boss', email: BOSS, password: 'correct horse battery' });
  ann = await signUp(t.app, 'ann');
  bob = await signUp(t.app, 'bob');
});
afterAll(async () => t.close());

async function buy(priceCents: number, quantity: number): Promise<string> {
  const tool = await createTool(t.db, { priceCents, name: `Receipt Sander ${priceCents}` });
  const res = await t.call('POST', '/api/purchase', ann, {
    toolsId: tool.id,
    quantity,
    phone: '555 0199',
    address: '7 Elm Street, Springfield',
  });
  return res.json().insertedId as string;
}

const pay = (orderId: string) => payWithGoodCard(t, ann, orderId);

describe('GET /api/receipt/{orderId}', () => {
  it('gives the owner and admins the paid order’s receipt; receipt numbers follow each other', async () => {
    const first = await buy(12_550, 3);
    const second = await buy(999, 1);
    expect((await t.call('GET', `/api/receipt/${first}`, ann)).statusCode).toBe(404);
    const transactionId = await pay(first);
    await pay(second);

    const res = await t.call('GET', `/api/receipt/${first}`, ann);
    expect(res.statusCode).toBe(200);
    const receipt = res.json();
    expect(receipt).toMatchObject({
      orderId: first,
      seller: { name: SELLER.name, address: [...SELLER.address] },
      buyer: { name: 'Test ann', email: ann.email, phone: '555 0199', address: '7 Elm Street, Springfield' },
      item: 'Receipt Sander 12550',
      quantity: 3,
      unitPrice: 125.5,
      total: 376.5,
      transactionId,
      refunded: false,
    });
    expect(receipt.receiptNumber).toMatch(/^R-\d{6}$/);
    expect(Date.now() - Date.parse(receipt.date)).toBeLessThan(60_000);
    const next = (await t.call('GET', `/api/receipt/${second}`, ann)).json();
    expect(Number(next.receiptNumber.slice(2))).toBe(Number(receipt.receiptNumber.slice(2)) + 1);

    expect((await t.call('GET', `/api/receipt/${first}`, boss)).json()).toEqual(receipt);
    expect((await t.call('GET', `/api/receipt/${first}`, bob)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/receipt/${first}`)).statusCode).toBe(401);
    expect((await t.call('GET', '/api/receipt/not-an-id', ann)).statusCode).toBe(404);
  });
});
