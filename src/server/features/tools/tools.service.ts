import { and, asc, eq, isNull } from 'drizzle-orm';
import { toCents, toDollars } from '#shared/money.ts';
import type { AddToolInput } from '#shared/schemas/admin.ts';
import type { Tool } from '#shared/schemas/tool.ts';
import type { Db } from '#server/db/client.ts';
import { tools } from '#server/db/schema.ts';
import { record, type Actor } from '#server/features/audit/audit.service.ts';
import { cachedJson, type CachedBody, type ResponseCache } from '#server/http/response-cache.ts';

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

/** Adds a tool to the catalogue; answers its id. */
export async function addTool(db: Db, actor: Actor, input: AddToolInput): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tools)
      .values({
        name: input.name,
        description: input.description,
        img: input.img,
        priceCents: toCents(input.price),
        minimumOrder: input.minimumOrder,
        availableQuantity: input.availableQuantity,
      })
      .returning({ id: tools.id });
    await record(tx, actor, 'tool.add', row!.id, { name: input.name, price: input.price });
    return row!.id;
  });
}

/**
 * Archives the tool: it leaves the catalogue, and past orders keep their snapshot. Answers 1 when
 * this call archived it, 0 when no listed tool has this id.
 */
export async function archiveTool(db: Db, actor: Actor, id: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(tools)
      .set({ archivedAt: new Date() })
      .where(and(eq(tools.id, id), isNull(tools.archivedAt)))
      .returning({ id: tools.id, name: tools.name });
    if (!row) return 0;
    await record(tx, actor, 'tool.delete', id, { name: row.name });
    return 1;
  });
}
