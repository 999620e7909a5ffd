import crypto from "node:crypto";
import type { Actor } from "@/lib/identity/actor";
import {
  admitKbDocuments,
  deleteKbDocumentRow,
  insertKbDocuments,
  insertSeedDocument,
  requireKbDocument,
  type AdmitKbUpload,
  type KbDocumentMeta,
  type NewKbDocument,
} from "@/lib/db/kb-documents";
import { kbFileKey, kbFilesStore, removeKbFiles } from "./files";
import { KB_FORMATS, kbFormatOf } from "./parse/formats";
import type { IncomingDocument } from "./intake";

const FILE_WRITES_AT_ONCE = 8;

function newDocument(doc: IncomingDocument, createdAt: Date): NewKbDocument {
  return {
    id: crypto.randomUUID(),
    createdAt,
    name: doc.name,
    mediaType: KB_FORMATS[kbFormatOf(doc.name) ?? "txt"],
    size: doc.bytes.byteLength,
    sha256: crypto.createHash("sha256").update(doc.bytes).digest("hex"),
  };
}

/**
 * Stores uploaded documents (manage access, within the quota `admit` asks): files in the KB
 * store, then their rows as `uploaded` with one ingestion job each. A failure while storing
 * removes what this call stored.
 */
export async function addKbDocuments(
  actor: Actor,
  kbId: string,
  docs: IncomingDocument[],
  admit: AdmitKbUpload = () => {},
): Promise<KbDocumentMeta[]> {
  await admitKbDocuments(
    actor,
    kbId,
    { bytes: docs.reduce((n, d) => n + d.bytes.byteLength, 0), documents: docs.length },
    admit,
  );
  const now = Date.now();
  // The list shows documents in upload order: one statement stores them all.
  const rows = docs.map((d, i) => newDocument(d, new Date(now + i)));
  const store = kbFilesStore();
  try {
    // A few at a time: many small files are written in a fraction of the time one by one takes.
    for (let i = 0; i < rows.length; i += FILE_WRITES_AT_ONCE)
      await Promise.all(
        rows.slice(i, i + FILE_WRITES_AT_ONCE).map((row, j) => store.write(kbFileKey(kbId, row.id), docs[i + j].bytes)),
      );
    return await insertKbDocuments(actor, kbId, rows, admit);
  } catch (err) {
    await Promise.allSettled(rows.map((r) => removeKbFiles(kbId, r.id)));
    throw err;
  }
}

/** Deletes a document with its chunks, its pending job and its file (manage access). */
export async function deleteKbDocument(actor: Actor, kbId: string, documentId: string): Promise<void> {
  await deleteKbDocumentRow(actor, kbId, documentId);
  await removeKbFiles(kbId, documentId);
}

/** The uploaded file of a readable document, as it was uploaded. */
export async function readKbFile(actor: Actor, kbId: string, documentId: string) {
  const { doc } = await requireKbDocument(actor, kbId, documentId);
  return { name: doc.name, mediaType: doc.mediaType, bytes: await kbFilesStore().read(kbFileKey(kbId, documentId)) };
}

/** Start-up seeding: documents of a seeded knowledge base, stored and queued like uploads. */
export async function insertSeedDocuments(kbId: string, docs: IncomingDocument[]): Promise<void> {
  for (const d of docs) {
    const row = newDocument(d, new Date());
    await kbFilesStore().write(kbFileKey(kbId, row.id), d.bytes);
    await insertSeedDocument(kbId, row);
  }
}
