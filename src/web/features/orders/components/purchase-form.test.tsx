// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Tool } from '#shared/schemas/tool.ts';
import { PurchaseForm } from './purchase-form.tsx';

// Ten at least, twelve in stock.
const tool: Tool = {
  _id: '6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e0f',
  name: 'Torque MX-40 Magnetic Drill',
  img: '/images/tools/drill.webp',
  description: 'A magnetic base drill.',
  price: 249.5,
  minimumOrder: 10,
  availableQuantity: 12,
  category: 'other',
};

const purchase = () => screen.getByRole('button', { name: 'Purchase' }) as HTMLButtonElement;
const quantity = () => screen.getByLabelText('Quantity') as HTMLInputElement;

describe('the purchase button (SPEC §4, §5 Quantity)', () => {
  beforeEach(() => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PurchaseForm tool={tool} customer={{ name: 'Pat Payer', email: 'pat@example.com' }} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  afterEach(cleanup);

  it('can be pressed at the minimum order, where the quantity starts', () => {
    expect(quantity().value).toBe('10');
    expect(purchase().disabled).toBe(false);
  });

  it('cannot be pressed below the minimum order, and can again once back at it', async () => {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(quantity().value).toBe('9');
    expect(screen.getByRole('alert').textContent).toBe('This is minimum Quantity');
    expect(purchase().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity().value).toBe('10');
    expect(purchase().disabled).toBe(false);
  });

  it('cannot be pressed above the available quantity', async () => {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity().value).toBe('12');
    expect(purchase().disabled).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity().value).toBe('13');
    expect(screen.getByRole('alert').textContent).toBe('Our available quantity is 12');
    expect(purchase().disabled).toBe(true);
  });

  it('follows what is typed: out of bounds or empty, it cannot be pressed', async () => {
    const user = userEvent.setup();
    for (const [typed, pressable] of [
      ['3', false],
      ['11', true],
      ['99', false],
      ['', false],
      ['12', true],
    ] as const) {
      await user.clear(quantity());
      if (typed) await user.type(quantity(), typed);
      expect(purchase().disabled, `quantity "${typed}"`).toBe(!pressable);
    }
  });
});
