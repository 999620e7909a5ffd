import fs from "node:fs/promises";
import path from "node:path";
import { countKnowledgeBases, insertSeedKnowledgeBase } from "@/lib/db/knowledge-bases";
import { insertSeedDocuments } from "@/lib/kb/documents";
import { defaultEmbeddingModel } from "@/lib/kb/manage";

export const DEMO_KB_ID = "meridian-guide";

/** The product's own documentation, so a fresh install can show retrieval and citations. */
async function demoDocuments(): Promise<{ name: string; bytes: Uint8Array }[]> {
  const root = process.cwd();
  const docs: { name: string; bytes: Uint8Array }[] = [];
  const add = async (rel: string) => {
    const bytes = await fs.readFile(path.join(/*turbopackIgnore: true*/ root, rel)).catch(() => null);
    if (bytes) docs.push({ name: path.basename(rel), bytes });
  };
  await add("README.md");
  const guides = await fs.readdir(path.join(/*turbopackIgnore: true*/ root, "docs")).catch(() => [] as string[]);
  for (const name of guides.filter((n) => n.endsWith(".md")).sort()) await add(path.join("docs", name));
  return docs;
}

/**
 * At a start with no knowledge base at all (a fresh install): a knowledge base everyone may read,
 * managed by the superadmin, holding this product's README and guides. Once any knowledge base
 * exists it is left alone; an install whose knowledge bases were all deleted gets it back.
 */
export async function seedDemoKnowledgeBase(): Promise<boolean> {
  if ((await countKnowledgeBases()) > 0) return false;
  const docs = await demoDocuments();
  if (docs.length === 0) return false;
  const created = await insertSeedKnowledgeBase({
    id: DEMO_KB_ID,
    name: "Meridian guide",
    description: "How to use and run Meridian: chat, agents, skills, knowledge bases, administration.",
    embeddingModel: await defaultEmbeddingModel(),
  });
  if (created) await insertSeedDocuments(DEMO_KB_ID, docs);
  return created;
}
