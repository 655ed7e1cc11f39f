import { describe, expect, it } from 'vitest';
import { DisplayName } from './account.ts';
import { PurchaseInput } from './order.ts';
import { ReviewInput } from './review.ts';
import { Email, LoginInput, ProfileUpdate, RegisterInput } from './user.ts';

const message = (value: string) => Email.safeParse(value).error?.issues[0]?.message;

describe('Email (DESIGN §5.7)', () => {
  it.each([
    'john.smith@acme.com',
    'John@acme.com',
    'buyer@acme.co.uk',
    'j.smith+tools@gmail.com',
    'user@mail.info',
    'a@shop.tools',
  ])('accepts %s, in lower case', (address) => {
    expect(Email.parse(address)).toBe(address.toLowerCase());
  });

  it.each(['a@b', 'a b@c.com', '@x.com', 'x@.com', 'x@acme..com', 'x@-acme.com', 'x@acme.com.', 'x'])(
    'refuses %s with SPEC’s message',
    (address) => {
      expect(message(address)).toBe('Provide a valid email');
    },
  );

  it('asks for an address when there is none', () => {
    expect(message('  ')).toBe('Email is required');
  });

  it('refuses an address longer than RFC 5321 allows', () => {
    expect(message(`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`)).toBe(
      'Provide a valid email',
    );
  });

  it('is the rule of the login and registration forms', () => {
    const login = LoginInput.parse({ email: ' John.Smith@Acme.co.uk ', password: 'x' });
    expect(login.email).toBe('john.smith@acme.co.uk');
    expect(RegisterInput.safeParse({ name: 'A', email: 'a@b', password: 'x' }).success).toBe(false);
  });
});

describe('text people type for others to read', () => {
  it.each(["Zoë O'Brien-Núñez", 'Mary-Jane Smith Jr.', '李小龍', 'Åsa Ødegård'])(
    'takes the name %s',
    (name) => {
      expect(DisplayName.parse(name)).toBe(name);
    },
  );

  it.each([
    ['only zero-width spaces', '\u200b\u200b', 'Name is required'],
    ['only punctuation', '--', 'Name is required'],
    ['a bell', 'Ann\u0007', 'Name may not contain < > or control characters'],
  ])('refuses a name of %s', (_what, name, words) => {
    expect(DisplayName.safeParse(name).error?.issues[0]?.message).toBe(words);
  });

  it.each([
    ['markup', 'Ann <b>', 'Name may not contain < > or control characters'],
    ['only punctuation', '--', 'Name is required'],
    ['a line break', 'Ann\nLee', 'Name may not contain < > or control characters'],
    ['101 characters', 'n'.repeat(101), 'Name is too long (at most 100 characters)'],
  ])('refuses at the registration form a name of %s, as the sign-up does', (_what, name, words) => {
    const form = { name, email: 'ann@acme.com', password: 'correct horse battery' };
    expect(RegisterInput.safeParse(form).error?.issues[0]).toMatchObject({ path: ['name'], message: words });
    expect(DisplayName.safeParse(name).error?.issues[0]?.message).toBe(words);
  });

  it('trims the name of the registration form', () => {
    const form = { name: '  Jean-Luc Picard  ', email: 'jl@acme.com', password: 'correct horse battery' };
    expect(RegisterInput.parse(form).name).toBe('Jean-Luc Picard');
  });

  it('keeps the line breaks of an address and refuses its control characters', () => {
    expect(ProfileUpdate.parse({ address: 'Flat 2\n1 High Street, Leeds' }).address).toBe(
      'Flat 2\n1 High Street, Leeds',
    );
    expect(ProfileUpdate.safeParse({ address: 'a\u0007c\u001bd' }).error?.issues[0]?.message).toBe(
      'May not contain control characters',
    );
    const purchase = { toolsId: 't', phone: '+44 (0)20 7946 0958', quantity: 1 };
    expect(PurchaseInput.safeParse({ ...purchase, address: '1 High St\nLeeds' }).success).toBe(true);
    expect(PurchaseInput.safeParse({ ...purchase, address: '1 High St\u001b' }).success).toBe(false);
  });

  it('refuses a review with a control character, and keeps right-to-left writing', () => {
    const review = { profession: 'Joiner', productName: 'Torque AG-125', ratings: 5, opinions: 'Great' };
    expect(ReviewInput.safeParse({ ...review, opinions: 'ممتاز \u200Fجدا' }).success).toBe(true);
    expect(ReviewInput.safeParse({ ...review, opinions: 'Great\u0000' }).success).toBe(false);
  });

  it.each(['-----', '+++++', '(((((', '. . .'])('refuses the phone number %s: no digits', (phone) => {
    const issue = PurchaseInput.safeParse({ toolsId: 't', phone, address: 'x', quantity: 1 }).error
      ?.issues[0];
    expect(issue?.message).toBe('Give a phone number of at least 5 digits');
  });
});
