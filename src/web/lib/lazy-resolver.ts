import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts loading the schema; give it to the form's onFocus. */
  preload: () => void;
};

/**
 * A react-hook-form resolver for a shared zod schema that loads on first use: zod and the schemas
 * were a third of a form page's code, loaded before the page could draw. The form calls
 * `preload` when a field first takes focus, so the schema is there by the time it validates; a
 * submit with no focus first waits for it.
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<ZodType<Output, Input>>,
): LazyResolver<Input, Output> {
  let loaded: Promise<Resolver<Input, unknown, Output>> | undefined;
  const resolver = () =>
    (loaded ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(([schema, { zodResolver }]) =>
      zodResolver(schema),
    ));
  const validate: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await resolver())(values, context, options);
  return Object.assign(validate, { preload: () => void resolver() });
}
