import { useQueryClient } from '@tanstack/react-query';
import type { FormFill } from '#shared/form-posts.ts';
import { formFillKey } from '#web/lib/query-keys.ts';

/**
 * What the user typed in a form the server refused before the app took the page over (never a
 * password): the page is drawn again with it, on the server and in the browser alike.
 */
export function useFormFill(): FormFill {
  return useQueryClient().getQueryData<FormFill>(formFillKey) ?? {};
}
