import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "./client";
import { catalogRows } from "./catalog-cache";
import { knowledgeBases } from "./kb-schema";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { atLeast, CAN_CREATE, filterByAccess, resolveAccess } from "@/lib/sharing/resolve-access";
import { assertMayGrant } from "@/lib/sharing/grant";
import { PRIVATE, sharingSchema, type Access } from "@/lib/sharing/types";
import type { Sharing } from "@/lib/sharing/types";

export type KbRow = typeof knowledgeBases.$inferSelect;

/** A knowledge base as a run sees it (the runtime context's list, one narrow query per run start). */
export type VisibleKnowledgeBase = { kbId: string; name: string; description: string; kbType: string };

/** The fields a knowledge base is created or changed with (lib/kb/kb-body.ts validates them). */
export type KbFields = {
  name: string;
  description?: string;
  embeddingModel?: string | null;
  model?: string | null;
  rerankModel?: string | null;
  chunking?: KbRow["chunking"];
  sharing?: Sharing;
};

/** Runs after the access checks and before the write: the caller's own checks (lib/kb/manage.ts). */
type BeforeWrite = () => Promise<void>;
export type KbCounts = { documentCount: number; chunkCount: number; processingCount: number; errorCount: number };

const NO_DOCUMENTS: KbCounts = { documentCount: 0, chunkCount: 0, processingCount: 0, errorCount: 0 };

const countsSql = sql`
  select kb_id,
         count(*)::int as "documentCount",
         coalesce(sum(chunk_count), 0)::int as "chunkCount",
         (count(*) filter (where status in ('uploaded', 'parsing', 'parsed', 'indexing')))::int as "processingCount",
         (count(*) filter (where status in ('error_parsing', 'error_indexing')))::int as "errorCount"
  from kb_documents group by kb_id`;

/** Every knowledge base the actor can at least read, oldest first, with its document counts. */
export async function listKnowledgeBases(actor: Actor): Promise<(KbRow & { access: Access; counts: KbCounts })[]> {
  const db = await getDb();
  const [rows, counts] = await Promise.all([
    db.select().from(knowledgeBases).orderBy(asc(knowledgeBases.createdAt)),
    db.execute<KbCounts & { kb_id: string }>(countsSql),
  ]);
  const byKb = new Map(counts.rows.map(({ kb_id, ...c }) => [kb_id, c]));
  return rows
    .map((r) => ({ ...r, access: resolveAccess(actor, r, "kb") }))
    .filter((r) => r.access !== "none")
    .map((r) => ({ ...r, counts: byKb.get(r.id) ?? NO_DOCUMENTS }));
}

/** What the runtime needs of each readable knowledge base (one narrow query per run start). */
export async function listReadableKnowledgeBases(actor: Actor): Promise<VisibleKnowledgeBase[]> {
  // From the catalog cache (catalog-cache.ts): shared, frozen rows.
  const rows = await catalogRows("knowledge_bases", (db) =>
    db
      .select({
        id: knowledgeBases.id,
        name: knowledgeBases.name,
        description: knowledgeBases.description,
        kbType: knowledgeBases.kbType,
        ownerId: knowledgeBases.ownerId,
        sharing: knowledgeBases.sharing,
      })
      .from(knowledgeBases)
      .orderBy(asc(knowledgeBases.createdAt)),
  );
  return filterByAccess(actor, rows, "kb").map((r) => ({
    kbId: r.id,
    name: r.name,
    description: r.description,
    kbType: r.kbType,
  }));
}

/** The knowledge base with the actor's access; 404 when the actor cannot read it, 403 when reading is all it may do. */
export async function requireKnowledgeBase(actor: Actor, id: string, needed: Access = "read") {
  const db = await getDb();
  const [row] = await db.select().from(knowledgeBases).where(eq(knowledgeBases.id, id)).limit(1);
  const access = row ? resolveAccess(actor, row, "kb") : "none";
  if (!row || access === "none")
    throw new ApiError("not_found:kb", "This knowledge base does not exist or is not shared with you.");
  if (!atLeast(access, needed))
    throw new ApiError("forbidden:kb", "You may search this knowledge base but not change it.");
  return { row, access };
}

/** A readable knowledge base with the actor's access and its document counts: one access check. */
export async function getKnowledgeBase(actor: Actor, id: string, needed: Access = "read") {
  const checked = await requireKnowledgeBase(actor, id, needed);
  return { ...checked, counts: await countsOf(id) };
}

/** Only after an access check (getKnowledgeBase). */
async function countsOf(id: string): Promise<KbCounts> {
  const db = await getDb();
  const res = await db.execute<KbCounts & { kb_id: string }>(sql`select * from (${countsSql}) c where c.kb_id = ${id}`);
  const [found] = res.rows;
  if (!found) return NO_DOCUMENTS;
  const { kb_id: _kbId, ...counts } = found;
  return counts;
}

export async function insertKnowledgeBase(actor: Actor, input: KbFields, beforeWrite?: BeforeWrite): Promise<KbRow> {
  if (!CAN_CREATE.kb.includes(actor.role)) throw new ApiError("forbidden:kb", "You may not create knowledge bases.");
  const sharing = sharingSchema.parse(input.sharing ?? PRIVATE);
  assertMayGrant(actor, sharing);
  await beforeWrite?.();
  const db = await getDb();
  const [row] = await db
    .insert(knowledgeBases)
    .values({
      id: crypto.randomUUID(),
      name: input.name,
      description: input.description ?? "",
      embeddingModel: input.embeddingModel ?? null,
      model: input.model ?? null,
      rerankModel: input.rerankModel ?? null,
      chunking: input.chunking ?? {},
      ownerId: actor.id,
      sharing,
    })
    .returning();
  return row;
}

/** Changes a knowledge base the actor manages; `beforeWrite` sees the row as it was. The row before and after. */
export async function updateKnowledgeBaseRow(
  actor: Actor,
  id: string,
  patch: Partial<KbFields>,
  beforeWrite?: (before: KbRow) => Promise<void>,
): Promise<{ before: KbRow; updated: KbRow }> {
  const { row } = await requireKnowledgeBase(actor, id, "manage");
  if (patch.sharing) assertMayGrant(actor, sharingSchema.parse(patch.sharing));
  await beforeWrite?.(row);
  const db = await getDb();
  const [updated] = await db
    .update(knowledgeBases)
    .set({
      ...(patch.name !== undefined ? { name: patch.name } : {}),
      ...(patch.description !== undefined ? { description: patch.description } : {}),
      ...(patch.embeddingModel !== undefined ? { embeddingModel: patch.embeddingModel } : {}),
      ...(patch.model !== undefined ? { model: patch.model } : {}),
      ...(patch.rerankModel !== undefined ? { rerankModel: patch.rerankModel } : {}),
      ...(patch.chunking !== undefined ? { chunking: patch.chunking } : {}),
      ...(patch.sharing ? { sharing: sharingSchema.parse(patch.sharing) } : {}),
      updatedAt: new Date(),
    })
    .where(eq(knowledgeBases.id, id))
    .returning();
  return { before: row, updated };
}

/** Deletes the knowledge base's rows: its documents and chunks (cascade) and its queued jobs; not its files. */
export async function deleteKnowledgeBaseRows(actor: Actor, id: string): Promise<void> {
  await requireKnowledgeBase(actor, id, "manage");
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from jobs where status in ('queued', 'running') and payload->>'kbId' = ${id}`);
    await tx.delete(knowledgeBases).where(eq(knowledgeBases.id, id));
  });
}

export async function countKnowledgeBases(): Promise<number> {
  const db = await getDb();
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(knowledgeBases);
  return n;
}

/** Start-up seeding (no actor: the system owns it, everyone reads it). False when the id exists. */
export async function insertSeedKnowledgeBase(values: {
  id: string;
  name: string;
  description: string;
  embeddingModel: string | null;
}) {
  const db = await getDb();
  const rows = await db
    .insert(knowledgeBases)
    .values({
      ...values,
      ownerId: null,
      sharing: { read: { global: true, departmentIds: [], userIds: [] }, manage: PRIVATE.manage },
    })
    .onConflictDoNothing()
    .returning({ id: knowledgeBases.id });
  return rows.length > 0;
}
