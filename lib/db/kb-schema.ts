import { sql } from "drizzle-orm";
import {
  bigserial,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./schema";

/** Knowledge bases, their documents and chunks. Migrations in drizzle/ cover this file too. */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/** How a knowledge base cuts its documents into chunks; absent fields take the general preset. */
export type KbChunking = { chunkSize?: number; chunkOverlap?: number; separators?: string[] };

/** One topic of a knowledge base's mind map; `docId`/`line` point at the heading it stands for. */
export type KbMindmapNode = { title: string; docId?: string; line?: number; children?: KbMindmapNode[] };

export const KB_MINDMAP_STATUSES = ["none", "generating", "ready", "failed"] as const;
export type KbMindmapStatus = (typeof KB_MINDMAP_STATUSES)[number];

export const knowledgeBases = pgTable("knowledge_bases", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  kbType: text("kb_type").notNull().default("general"),
  /** `provider_id:model_id` of an embedding model; null keeps the knowledge base keyword-only. */
  embeddingModel: text("embedding_model"),
  /** `provider_id:model_id` of a rerank model that reorders retrieved passages; null: no reranking. */
  rerankModel: text("rerank_model"),
  chunking: jsonb("chunking").$type<KbChunking>().notNull().default({}),
  /** `provider_id:model_id` of the chat model that writes the mind map; null: the default chat model. */
  model: text("model"),
  mindmap: jsonb("mindmap").$type<KbMindmapNode>(),
  mindmapUpdatedAt: timestamp("mindmap_updated_at", { withTimezone: true }),
  mindmapStatus: text("mindmap_status", { enum: KB_MINDMAP_STATUSES }).notNull().default("none"),
  /** Why the last generation failed, readable by whoever manages the knowledge base. */
  mindmapError: text("mindmap_error"),
  ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
  sharing: jsonb("sharing").$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const KB_DOCUMENT_STATUSES = [
  "uploaded",
  "parsing",
  "parsed",
  "indexing",
  "indexed",
  "error_parsing",
  "error_indexing",
] as const;
export type KbDocumentStatus = (typeof KB_DOCUMENT_STATUSES)[number];

export const kbDocuments = pgTable(
  "kb_documents",
  {
    id: text("id").primaryKey(),
    kbId: text("kb_id")
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    mediaType: text("media_type").notNull().default("application/octet-stream"),
    size: integer("size").notNull().default(0),
    sha256: text("sha256").notNull().default(""),
    status: text("status", { enum: KB_DOCUMENT_STATUSES }).notNull().default("uploaded"),
    error: text("error"),
    /** Why it failed, for the UI's translated message (lib/kb/ingest-failure.ts); null when it did not. */
    errorCode: text("error_code"),
    /** 0–100 within the current stage, for the progress bars. */
    progress: integer("progress").notNull().default(0),
    /** The parsed text, one line per source line, for line-numbered windows and citations. */
    content: text("content"),
    lineCount: integer("line_count").notNull().default(0),
    chunkCount: integer("chunk_count").notNull().default(0),
    uploadedBy: text("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("kb_documents_kb_idx").on(t.kbId, t.createdAt),
    // The per-user quota and queue counts (lib/db/kb-usage.ts).
    index("kb_documents_uploader_idx").on(t.uploadedBy, t.status),
  ],
);

export const kbChunks = pgTable(
  "kb_chunks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kbId: text("kb_id")
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: "cascade" }),
    documentId: text("document_id")
      .notNull()
      .references(() => kbDocuments.id, { onDelete: "cascade" }),
    ordinal: integer("ordinal").notNull(),
    content: text("content").notNull(),
    startLine: integer("start_line").notNull(),
    endLine: integer("end_line").notNull(),
    headingPath: jsonb("heading_path").$type<string[]>().notNull().default([]),
    tokenCount: integer("token_count").notNull().default(0),
    /** Full-text vector of the chunk with CJK text segmented into words before indexing. */
    search: tsvector("search").notNull(),
  },
  (t) => [
    index("kb_chunks_document_idx").on(t.documentId, t.ordinal),
    index("kb_chunks_kb_idx").on(t.kbId),
    index("kb_chunks_search_idx").using("gin", t.search),
  ],
);

/** The kb_terms row whose df is the knowledge base's number of indexed chunks (no lexeme is empty). */
export const CHUNK_TOTAL_TERM = "";

/**
 * Per knowledge base, in how many chunks each full-text lexeme occurs: the document frequencies
 * that BM25's inverse document frequency needs (PostgreSQL's own ranking has none).
 */
export const kbTerms = pgTable(
  "kb_terms",
  {
    kbId: text("kb_id")
      .notNull()
      .references(() => knowledgeBases.id, { onDelete: "cascade" }),
    term: text("term").notNull(),
    df: integer("df").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kbId, t.term] })],
);

export const JOB_STATUSES = ["queued", "running", "completed", "failed", "cancelled"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The one durable job runner's queue (lib/jobs). A worker claims a queued job with a lease and
 * renews it while it works; a job whose lease expired (its worker died) is claimed again.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: JOB_STATUSES }).notNull().default("queued"),
    /** Jobs sharing a key run one after another (a document is never ingested twice at once). */
    groupKey: text("group_key"),
    /** How many jobs of the group may run at once (1: one after another; a coordinator's semaphore: 4). */
    groupLimit: integer("group_limit").notNull().default(1),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(3),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    workerId: text("worker_id"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    index("jobs_ready_idx")
      .on(t.runAfter)
      .where(sql`${t.status} = 'queued'`),
    index("jobs_lease_idx")
      .on(t.leaseUntil)
      .where(sql`${t.status} = 'running'`),
    index("jobs_group_idx")
      .on(t.groupKey)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * Why a document failed to ingest, as a code the UI translates (messages `kbs.failure.<code>`);
 * the English message stays in the document's `error` for API clients and logs.
 */
export const INGEST_FAILURE_CODES = [
  "not_utf8",
  "csv_empty",
  "csv_unreadable",
  "json_invalid",
  "pdf_unreadable",
  "pdf_no_text",
  "docx_unreadable",
  "docx_no_text",
  "archive_refused",
  "text_too_large",
  "parse_timeout",
  "parse_memory",
  "no_text",
  "unsupported_type",
  "file_missing",
  "embedding_failed",
  "interrupted",
  "parse_failed",
  "index_failed",
] as const;
export type IngestFailureCode = (typeof INGEST_FAILURE_CODES)[number];
