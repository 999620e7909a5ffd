import type { Actor } from "@/lib/identity/actor";
import type { KbRow, KbCounts } from "@/lib/db/knowledge-bases";
import { isAdminRole } from "@/lib/identity/roles";
import { parseSharing, type Access } from "@/lib/sharing/types";
import { effectiveChunking } from "./chunking-settings";

/** A knowledge base as the API shows it to one actor; who it is shared with is management information. */
export function kbView(actor: Actor, row: KbRow, access: Access, counts?: KbCounts) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    kbType: row.kbType,
    embeddingModel: row.embeddingModel,
    chunking: effectiveChunking(row.chunking),
    ownerId: row.ownerId,
    access,
    ...(access === "manage" || isAdminRole(actor.role) ? { sharing: parseSharing(row.sharing) } : {}),
    documentCount: counts?.documentCount ?? 0,
    chunkCount: counts?.chunkCount ?? 0,
    processingCount: counts?.processingCount ?? 0,
    errorCount: counts?.errorCount ?? 0,
    model: row.model,
    rerankModel: row.rerankModel,
    mindmapStatus: row.mindmapStatus,
    mindmapUpdatedAt: row.mindmapUpdatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
