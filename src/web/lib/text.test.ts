import { describe, expect, it } from 'vitest';
import { firstWords, initials, sentence } from './text.ts';

describe('firstWords', () => {
  it('keeps the first five words and appends an ellipsis', () => {
    expect(firstWords('A compact drill driver with two speeds and a bright LED')).toBe(
      'A compact drill driver with...',
    );
  });

  it('collapses runs of whitespace and line breaks', () => {
    expect(firstWords('  Heavy   duty\nangle\tgrinder for steel  ')).toBe('Heavy duty angle grinder for...');
  });

  it('keeps a shorter text whole', () => {
    expect(firstWords('Rotary hammer')).toBe('Rotary hammer...');
  });

  it('honours another count', () => {
    expect(firstWords('one two three four', 2)).toBe('one two...');
  });

  it('gives only the ellipsis for an empty text', () => {
    expect(firstWords('   ')).toBe('...');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last words', () => {
    expect(initials('Casey Customer')).toBe('CC');
    expect(initials('  ada   byron lovelace ')).toBe('AL');
  });

  it('takes one letter of a single word, and a question mark for no name', () => {
    expect(initials('Torque')).toBe('T');
    expect(initials('  ')).toBe('?');
  });
});

describe('sentence', () => {
  it('ends a text with a full stop, and one only after a name that ends with its own', () => {
    expect(sentence('$9.90 returned to Ada')).toBe('$9.90 returned to Ada.');
    expect(sentence('$9.90 returned to Buyer 7, Ltd.')).toBe('$9.90 returned to Buyer 7, Ltd.');
    expect(sentence('$9.90 returned to Yahoo!')).toBe('$9.90 returned to Yahoo!');
  });
});
