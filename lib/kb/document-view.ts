import type { KbDocumentMeta } from "@/lib/db/kb-documents";

export function kbDocumentView(doc: KbDocumentMeta) {
  return {
    id: doc.id,
    name: doc.name,
    mediaType: doc.mediaType,
    size: doc.size,
    status: doc.status,
    ...(doc.error ? { error: doc.error } : {}),
    ...(doc.errorCode ? { errorCode: doc.errorCode } : {}),
    progress: doc.progress,
    lineCount: doc.lineCount,
    chunkCount: doc.chunkCount,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
