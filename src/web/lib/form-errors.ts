import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client.ts';
import { errorMessage } from './error-message.ts';

/**
 * Shows a failed request under the form: each message of the server's `fields` (DESIGN §3 error
 * shape) goes under the form's field of that name, and the first of them in the form's order takes
 * focus. Returns what the form's alert shows: the messages of fields the form does not have, or,
 * when no field was named, the failure's own message.
 */
export function applyServerErrors<Values extends FieldValues>(
  failure: unknown,
  setError: UseFormSetError<Values>,
  formFields: readonly FieldPath<Values>[],
): string[] {
  const fields = failure instanceof ApiRequestError ? (failure.fields ?? {}) : {};
  const known = formFields.filter((name) => Object.hasOwn(fields, name));
  known.forEach((name, index) => setError(name, { message: fields[name] }, { shouldFocus: index === 0 }));
  const others = Object.entries(fields)
    .filter(([name]) => !(formFields as readonly string[]).includes(name))
    .map(([, message]) => message);
  if (known.length === 0 && others.length === 0) return [errorMessage(failure)];
  return others;
}
