// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import type { Tool } from '#shared/schemas/tool.ts';
import { ToolCard } from './tool-card.tsx';

afterEach(cleanup);

const press: Tool = {
  _id: '6f1c0b5e-1d2a-4c3b-8e4f-5a6b7c8d9e0f',
  name: 'Torque PT-300 Press Tool',
  img: '/images/tools/press-tool.svg',
  description: 'Presses copper and steel fittings up to 108 millimetres.',
  price: 1290,
  minimumOrder: 50,
  availableQuantity: 10,
  category: 'pipe-press-tools',
};

const showCard = (tool: Tool) =>
  render(
    <MemoryRouter>
      <ToolCard tool={tool} />
    </MemoryRouter>,
  );

// The purchase page refuses every quantity of it: the card must not send anyone there.
it('says a tool with less stock than its minimum order is out of stock, and offers no purchase', () => {
  for (const availableQuantity of [10, 0]) {
    showCard({ ...press, availableQuantity });
    expect(screen.getByText('Out of stock')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Purchase Now/ })).toBeNull();
    expect((screen.getByRole('button', { name: 'Purchase Now' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
  }
});

it('offers Purchase Now when the stock covers the minimum order', () => {
  showCard({ ...press, availableQuantity: 50 });
  expect(screen.queryByText('Out of stock')).toBeNull();
  expect(screen.getByRole('link', { name: /Purchase Now/ }).getAttribute('href')).toBe(
    `/purchase/${press._id}`,
  );
});
