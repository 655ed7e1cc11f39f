import { z } from 'zod';

/** The one error shape of every API answer that is not a success (DESIGN §3). */
export const ApiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof ApiError>;
