// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, expect, it } from 'vitest';
import type { Tool } from '#shared/schemas/tool.ts';
import { ProductPage } from './product-page.tsx';

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

function showPage(tool: Tool) {
  render(
    <MemoryRouter>
      <ProductPage tool={tool} rating={undefined} reviews={null} />
    </MemoryRouter>,
  );
  const ld = document.querySelector('script[type="application/ld+json"]')!.textContent!;
  return (JSON.parse(ld) as { offers: { availability: string } }).offers.availability;
}

it('says a tool with less stock than its minimum order is out of stock, to shoppers and search engines', () => {
  expect(showPage(press)).toBe('https://schema.org/OutOfStock');
  expect(screen.getByText('Out of stock')).toBeTruthy();
  expect(screen.queryByRole('link', { name: /Purchase Now/ })).toBeNull();
  expect((screen.getByRole('button', { name: 'Purchase Now' }) as HTMLButtonElement).disabled).toBe(true);
});

it('offers Purchase Now, in stock, when the stock covers the minimum order', () => {
  expect(showPage({ ...press, availableQuantity: 50 })).toBe('https://schema.org/InStock');
  expect(screen.queryByText('Out of stock')).toBeNull();
  expect(screen.getByRole('link', { name: /Purchase Now/ }).getAttribute('href')).toBe(
    `/purchase/${press._id}`,
  );
});

it('cuts a long description for search engines between characters, never inside one', () => {
  showPage({ ...press, description: `${'🔩'.repeat(200)}` });
  const meta = document.querySelector('meta[name="description"]')!.getAttribute('content')!;
  expect(meta).toBe(`${'🔩'.repeat(157)}…`);
});
