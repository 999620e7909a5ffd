import { and, asc, eq, sql } from "drizzle-orm";
import { getDb } from "./client";
import { kbDocuments, knowledgeBases, type KbMindmapNode } from "./kb-schema";
import type { Actor } from "@/lib/identity/actor";
import { requireKnowledgeBase, type KbRow } from "./knowledge-bases";
import { enqueueJob } from "./jobs";

/** A knowledge base's mind map: requested by its managers, written by a job, read by its readers. */

export const MINDMAP_JOB = "kb.mindmap";
const mindmapGroup = (kbId: string) => `kb-mindmap:${kbId}`;

/** A document as the mind map's prompt reads it: its name and the start of its text. */
export type MindmapSourceDocument = { id: string; name: string; content: string };

/** A knowledge base the actor manages, with how many of its documents are indexed (what a map is made from). */
export async function mindmapRequestable(actor: Actor, kbId: string): Promise<{ row: KbRow; indexed: number }> {
  const { row } = await requireKnowledgeBase(actor, kbId, "manage");
  const db = await getDb();
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(kbDocuments)
    .where(and(eq(kbDocuments.kbId, kbId), eq(kbDocuments.status, "indexed")));
  return { row, indexed: n };
}

/** Marks the map as being made and queues its job; the current map stays readable until the new one replaces it. */
export async function queueMindmap(actor: Actor, kbId: string): Promise<void> {
  await requireKnowledgeBase(actor, kbId, "manage");
  const db = await getDb();
  await db
    .update(knowledgeBases)
    .set({ mindmapStatus: "generating", mindmapError: null })
    .where(eq(knowledgeBases.id, kbId));
  await enqueueJob({ kind: MINDMAP_JOB, payload: { kbId }, groupKey: mindmapGroup(kbId), maxAttempts: 2 });
}

/** The stored map as its readers see it, with the names of the documents it points at. */
export async function readMindmap(actor: Actor, kbId: string) {
  const { row } = await requireKnowledgeBase(actor, kbId, "read");
  const db = await getDb();
  const docs = await db
    .select({ id: kbDocuments.id, name: kbDocuments.name })
    .from(kbDocuments)
    .where(eq(kbDocuments.kbId, kbId));
  return {
    name: row.name,
    status: row.mindmapStatus,
    error: row.mindmapError,
    model: row.model,
    tree: row.mindmap ?? null,
    updatedAt: row.mindmapUpdatedAt?.toISOString() ?? null,
    documents: Object.fromEntries(docs.map((d) => [d.id, d.name])) as Record<string, string>,
  };
}

// The job's statements: system work, the request was checked when it was queued.

/** The indexed documents' names and the start of their text (headings past it are left out). */

export async function loadMindmapSource(kbId: string, limits: { documents: number; sourceChars: number }) {
  const db = await getDb();
  const [kb] = await db
    .select({ name: knowledgeBases.name, description: knowledgeBases.description, model: knowledgeBases.model })
    .from(knowledgeBases)
    .where(eq(knowledgeBases.id, kbId));
  if (!kb) return null;
  const docs: MindmapSourceDocument[] = await db
    .select({
      id: kbDocuments.id,
      name: kbDocuments.name,
      content: sql<string>`left(coalesce(${kbDocuments.content}, ''), ${limits.sourceChars})`,
    })
    .from(kbDocuments)
    .where(and(eq(kbDocuments.kbId, kbId), eq(kbDocuments.status, "indexed")))
    .orderBy(asc(kbDocuments.name))
    .limit(limits.documents);
  return { ...kb, docs };
}

export async function saveMindmap(kbId: string, tree: KbMindmapNode): Promise<void> {
  const db = await getDb();
  await db
    .update(knowledgeBases)
    .set({ mindmap: tree, mindmapUpdatedAt: new Date(), mindmapStatus: "ready", mindmapError: null })
    .where(eq(knowledgeBases.id, kbId));
}

/** A failed generation keeps the previous map (if any) and says why. */
export async function failMindmap(kbId: string, error: string): Promise<void> {
  const db = await getDb();
  await db
    .update(knowledgeBases)
    .set({ mindmapStatus: "failed", mindmapError: error.slice(0, 1000) })
    .where(eq(knowledgeBases.id, kbId));
}
