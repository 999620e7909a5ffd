import path from "node:path";
import { dataDir } from "@/lib/config/env";
import { createLocalStore } from "@/lib/workspace/store/local";
import type { WorkspaceStore } from "@/lib/workspace/store/types";

/** Uploaded knowledge-base files, `<kbId>/<documentId>`. Behind a function so it can move to object storage. */
export function kbFilesStore(): WorkspaceStore {
  return createLocalStore(path.join(dataDir(), "kbs"));
}

export const kbFileKey = (kbId: string, documentId: string) => `${kbId}/${documentId}`;

/** Removes a knowledge base's files (or one document's); nothing when they are already gone. */
export async function removeKbFiles(kbId: string, documentId?: string): Promise<void> {
  const store = kbFilesStore();
  const rel = documentId ? kbFileKey(kbId, documentId) : kbId;
  if (await store.stat(rel)) await store.remove(rel);
}
