import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target.ts';

describe('redirectTarget', () => {
  it('goes back to the page a guard sent the user from, before the address’s redirect', () => {
    const state = { from: { pathname: '/dashboard/myOrders', search: '?x=1', hash: '' } };
    expect(redirectTarget(state, '/purchase/1')).toBe('/dashboard/myOrders?x=1');
  });

  it('goes on to the code step’s redirect, a path of this store (a Google sign-in came back)', () => {
    expect(redirectTarget(null, '/purchase/1?qty=2#form')).toBe('/purchase/1?qty=2#form');
  });

  it.each([
    '//evil.example',
    'https://evil.example/',
    '/\\evil.example',
    '/.//evil.example/x',
    'javascript:alert(1)',
    '/login?step=two-factor',
    '',
  ])('never goes on to another site nor back to a login page (%s): home instead', (redirect) => {
    expect(redirectTarget(null, redirect)).toBe('/');
  });
});
