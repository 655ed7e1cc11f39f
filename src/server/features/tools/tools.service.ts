import { and, asc, eq, isNull } from 'drizzle-orm';
import { toDollars } from '#shared/money.ts';
import type { Tool } from '#shared/schemas/tool.ts';
import type { Db } from '#server/db/client.ts';
import { cachedJson, type CachedBody, type ResponseCache } from '#server/db/response-cache.ts';
import { tools } from '#server/db/schema.ts';

const columns = {
  _id: tools.id,
  name: tools.name,
  img: tools.img,
  description: tools.description,
  priceCents: tools.priceCents,
  minimumOrder: tools.minimumOrder,
  availableQuantity: tools.availableQuantity,
};

function toTool({ priceCents, ...row }: { priceCents: number } & Omit<Tool, 'price'>): Tool {
  return { ...row, price: toDollars(priceCents) };
}

/** The catalogue in display order (oldest first); archived tools are not listed. */
export async function listTools(db: Db): Promise<Tool[]> {
  const rows = await db
    .select(columns)
    .from(tools)
    .where(isNull(tools.archivedAt))
    .orderBy(asc(tools.createdAt), asc(tools.id));
  return rows.map(toTool);
}

/** One tool's answer as the catalogue cache keeps it: its body is `null` for no such tool. */
export function cachedTool(catalogue: ResponseCache<CachedBody>, db: Db, id: string) {
  return catalogue.get(`tool:${id}`, async () => cachedJson((await findTool(db, id)) ?? null));
}

export async function findTool(db: Db, id: string): Promise<Tool | undefined> {
  const [row] = await db
    .select(columns)
    .from(tools)
    .where(and(eq(tools.id, id), isNull(tools.archivedAt)));
  return row && toTool(row);
}
