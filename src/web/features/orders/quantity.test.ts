import { describe, expect, it } from 'vitest';
import { decrease, increase, initialQuantity, parseQuantity, typed, withinBounds } from './quantity.ts';

const bounds = { minimumOrder: 10, availableQuantity: 12 };
const at = (text: string) => ({ text, alert: null });
const valid = (text: string) => withinBounds(parseQuantity(text), bounds);

describe('purchase quantity', () => {
  it('starts at the minimum order, within bounds', () => {
    expect(initialQuantity(bounds)).toEqual({ text: '10', alert: null });
    expect(valid('10')).toBe(true);
  });

  it('minus at the minimum warns and still goes down, out of bounds', () => {
    const next = decrease(at('10'), bounds);
    expect(next).toEqual({ text: '9', alert: 'This is minimum Quantity' });
    expect(valid(next.text)).toBe(false);
  });

  it('a click back within bounds clears the alert', () => {
    expect(increase({ text: '9', alert: 'This is minimum Quantity' }, bounds)).toEqual({
      text: '10',
      alert: null,
    });
    expect(decrease({ text: '13', alert: 'x' }, bounds)).toEqual({ text: '12', alert: null });
  });

  it('plus at the stock names the real available quantity and still goes up', () => {
    const next = increase(at('12'), bounds);
    expect(next).toEqual({ text: '13', alert: 'Our available quantity is 12' });
    expect(valid(next.text)).toBe(false);
  });

  it('clicks inside the bounds say nothing', () => {
    expect(increase(at('10'), bounds)).toEqual({ text: '11', alert: null });
    expect(decrease(at('12'), bounds)).toEqual({ text: '11', alert: null });
  });

  it('never goes below zero', () => {
    expect(decrease(at('0'), { minimumOrder: 1, availableQuantity: 5 }).text).toBe('0');
  });

  it('typing out of bounds says which bound, and non-numbers are refused', () => {
    expect(typed('3', bounds).alert).toBe('The minimum order is 10');
    expect(typed('99', bounds).alert).toBe('Our available quantity is 12');
    expect(typed('11', bounds).alert).toBeNull();
    expect(typed('1.5', bounds).alert).toBe('Enter a whole number');
    expect(typed('', bounds).alert).toBeNull();
    expect(valid('')).toBe(false);
    expect(valid('1.5')).toBe(false);
  });
});
