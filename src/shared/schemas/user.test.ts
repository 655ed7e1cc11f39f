import { describe, expect, it } from 'vitest';
import { Email, LoginInput, RegisterInput } from './user.ts';

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
