import { DrizzleQueryError } from 'drizzle-orm/errors';
import { expect, it } from 'vitest';
import { loggableError } from './loggable-error.ts';

it('keeps where a statement failed and drops every value it carried', () => {
  const secret = 'pi_sandbox_1_secret_0123456789abcdef';
  const pgError = Object.assign(new Error(`invalid input syntax for type uuid: "${secret}"`), {
    code: '22P02',
    constraint: undefined,
    table: 'sandbox_payment_intents',
    detail: `Key (client_secret)=(${secret}) already exists.`,
    where: `unnamed portal parameter $2 = '${secret}'`,
    params: [secret],
  });
  const err = new DrizzleQueryError(
    'insert into "sandbox_payment_intents" values ($1, $2)',
    ['pi_1', secret],
    pgError,
  );

  const logged = loggableError(err) as Record<string, unknown>;
  expect(logged).toMatchObject({
    type: 'DrizzleQueryError',
    code: '22P02',
    table: 'sandbox_payment_intents',
    query: 'insert into "sandbox_payment_intents" values ($1, $2)',
  });
  expect(logged.message).toBe(
    'Failed query: insert into "sandbox_payment_intents" values ($1, $2); caused by: ' +
      'invalid input syntax for type uuid: "[value]"',
  );
  expect(JSON.stringify(logged)).not.toContain('secret_0123');
  expect(String(logged.stack)).toMatch(/^DrizzleQueryError: Failed query: .*\n\s+at /);
});

it('leaves anything that is not an error as it is', () => {
  expect(loggableError('text')).toBe('text');
});
