import { z } from 'zod';

export const ToolId = z.uuid();

/** A tool as the API shows it (SPEC §3); price in dollars. */
export const Tool = z.object({
  _id: ToolId,
  name: z.string(),
  img: z.string(),
  description: z.string(),
  price: z.number(),
  minimumOrder: z.number().int(),
  availableQuantity: z.number().int(),
});
export type Tool = z.infer<typeof Tool>;

export const ToolList = z.array(Tool);
export type ToolList = z.infer<typeof ToolList>;
