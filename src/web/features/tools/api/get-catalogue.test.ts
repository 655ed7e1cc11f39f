// The /tools page reads its address by the API's own rules (catalogue-query.ts, shared with
// GET /api/catalogue's schema): what the page keeps, the API takes, and what the API would refuse by
// its shape alone, the page leaves out instead of asking for it.
import { describe, expect, it } from 'vitest';
import { CATALOGUE_SORTS } from '#shared/catalogue-query.ts';
import { CatalogueQuery } from '#shared/schemas/catalogue.ts';
import { catalogueSearch, catalogueState } from './get-catalogue.ts';

const state = (query: string) => catalogueState(new URLSearchParams(query));
const apiTakes = (key: string, value: string) => CatalogueQuery.safeParse({ [key]: value }).success;

describe('catalogueState', () => {
  it('keeps every sort the API knows, and no other', () => {
    for (const sort of CATALOGUE_SORTS) expect(state(`sort=${sort}`).sort).toBe(sort);
    for (const sort of ['cheapest', 'Name', 'price', '']) expect(state(`sort=${sort}`).sort).toBe('');
  });

  it.each([
    ['sort', [...CATALOGUE_SORTS, 'cheapest', 'NAME', 'price asc']],
    ['category', ['saws', 'press-jaws-rings', 'a'.repeat(50), 'a'.repeat(51), 'Saws', 'saws & more']],
    ['cursor', ['eyJhIjoxfQ', 'a'.repeat(400), 'a'.repeat(401), 'abc=', 'a b', 'a/b']],
  ] as const)('keeps a %s exactly when the API would take it', (key, values) => {
    for (const value of values) {
      const kept = state(new URLSearchParams({ [key]: value }).toString())[key] === value;
      expect(kept, `${key}=${value}`).toBe(apiTakes(key, value));
    }
  });

  it('cuts a search to the length the API takes', () => {
    const q = state(`q=${'a'.repeat(150)}`).q;
    expect(apiTakes('q', q)).toBe(true);
    expect(apiTakes('q', `${q}a`)).toBe(false);
  });

  it('asks the API for what the address says, in one order', () => {
    expect(catalogueSearch(state('cursor=abc&sort=price-asc&utm_source=x&q=drill&category=saws'))).toBe(
      '?q=drill&category=saws&sort=price-asc&cursor=abc',
    );
  });
});
