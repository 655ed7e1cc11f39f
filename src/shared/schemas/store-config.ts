import { z } from 'zod';

/** What the web needs to know of the server's configuration (GET /api/config). */
export const StoreConfig = z.object({
  /** Whether "Continue with Google" works on this store. */
  googleSignIn: z.boolean(),
});
export type StoreConfig = z.infer<typeof StoreConfig>;
