import type { FormHTMLAttributes } from 'react';
import { useHydrated } from '#web/lib/use-hydrated.ts';

/**
 * A form only the app sends (a JSON call with the access token). Until the app has taken over the
 * page the server drew (a slow phone; JavaScript off), its fields and buttons are disabled: pressed
 * then, the browser would send the form itself, as a GET with every field in the address (a phone
 * number, an address, a password), and nothing would be saved.
 */
export function AppForm({ children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated();
  return (
    <form noValidate {...props}>
      <fieldset disabled={!hydrated} className="contents">
        {children}
      </fieldset>
    </form>
  );
}
