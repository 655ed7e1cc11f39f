/**
 * What a service may throw when a request cannot be done. Services know no HTTP: the one mapper in
 * http/errors.ts gives each kind its status (404, 409, 400, 402, 429) and the API's error shape.
 */
export abstract class DomainError extends Error {
  /** Stable, for callers to tell answers apart; never reworded. */
  abstract readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(message: string, fields?: Record<string, string>) {
    super(message);
    this.fields = fields;
  }
}

/** The thing named does not exist, or is not the caller's to see. */
export class NotFound extends DomainError {
  override name = 'NotFound';
  readonly code = 'not_found';
}

/** The thing exists, but its state does not allow this (paid, out of stock, another order's payment). */
export class Conflict extends DomainError {
  override name = 'Conflict';
  readonly code: string;

  constructor(code: string, message: string, fields?: Record<string, string>) {
    super(message, fields);
    this.code = code;
  }
}

/** The input breaks a rule that only the database knows (a tool's minimum order), field by field. */
export class Invalid extends DomainError {
  override name = 'Invalid';
  readonly code = 'invalid_input';

  constructor(fields: Record<string, string>, message = 'Some fields are not valid.') {
    super(message, fields);
  }
}

/** The caller has done this as often as allowed for now (a customer's reviews of the day). */
export class LimitReached extends DomainError {
  override name = 'LimitReached';
  readonly code = 'rate_limited';
}

/** The payment provider refused the card; the code and message are the provider's. */
export class PaymentDeclined extends DomainError {
  override name = 'PaymentDeclined';
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}
