import { sql } from "drizzle-orm";
import { ROLES } from "../identity/roles";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** One schema for PGlite and PostgreSQL; migrations in drizzle/ are generated from it. */

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// Relative: drizzle-kit reads this file without the tsconfig path aliases.
export { ROLES, type Role } from "../identity/roles";

export const departments = pgTable("departments", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  createdAt: createdAt(),
});

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    username: text("username").notNull(),
    displayName: text("display_name").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("user"),
    departmentId: text("department_id").references(() => departments.id, { onDelete: "set null" }),
    disabled: boolean("disabled").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_username_idx").on(sql`lower(${t.username})`),
    // Exactly one superadmin, held by the database even when two instances start together.
    uniqueIndex("users_one_superadmin_idx")
      .on(t.role)
      .where(sql`${t.role} = 'superadmin'`),
  ],
);

/**
 * Failed sign-ins per username (known or not, lower-cased) and client address: a lock stops
 * guesses from that address only, so nobody can keep an account locked for its owner.
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    login: text("login").notNull(),
    address: text("address").notNull(),
    failures: integer("failures").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.login, t.address] }), index("login_failures_updated_idx").on(t.updatedAt)],
);

/** Server-side record of one sign-in; the session cookie carries its id, sign-out deletes it. */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export type ProviderModel = {
  id: string;
  /** `rerank`: a `/rerank` endpoint (Cohere / Jina / vLLM shape) that reorders retrieved passages. */
  type: "chat" | "embedding" | "rerank";
  contextWindow?: number;
  enabled: boolean;
};

export const providers = pgTable("providers", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  baseUrl: text("base_url").notNull(),
  /** AES-GCM ciphertext (lib/config/crypto.ts); null when the endpoint needs no key. */
  apiKeyEncrypted: text("api_key_encrypted"),
  models: jsonb("models").$type<ProviderModel[]>().notNull().default([]),
  requestOverrides: jsonb("request_overrides").$type<Record<string, unknown>>().notNull().default({}),
  source: text("source", { enum: ["builtin", "env", "admin"] })
    .notNull()
    .default("admin"),
  enabled: boolean("enabled").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const agents = pgTable(
  "agents",
  {
    id: text("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    isSubagent: boolean("is_subagent").notNull().default(false),
    backend: text("backend", { enum: ["ChatbotAgent", "SubAgentBackend"] })
      .notNull()
      .default("ChatbotAgent"),
    isDefault: boolean("is_default").notNull().default(false),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    sharing: jsonb("sharing").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("agents_subagent_idx").on(t.isSubagent)],
);

export const threads = pgTable(
  "threads",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agentId: text("agent_id").references(() => agents.id, { onDelete: "set null" }),
    title: text("title").notNull().default(""),
    modelSpec: text("model_spec"),
    /** Root of the conversation tree: itself for a chat, the parent chat for subagent threads. */
    rootThreadId: text("root_thread_id"),
    parentThreadId: text("parent_thread_id"),
    /** Coordinator mode: the chat's agent delegates with delegate_task and friends. */
    coordinator: boolean("coordinator").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("threads_user_updated_idx").on(t.userId, t.updatedAt)],
);

/** Chat messages as AI SDK UI messages (parts); never deleted by compression. */
export const messages = pgTable(
  "messages",
  {
    seq: bigserial("seq", { mode: "number" }).primaryKey(),
    id: text("id").notNull().unique(),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant", "system"] }).notNull(),
    parts: jsonb("parts").$type<unknown[]>().notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>(),
    runId: text("run_id"),
    createdAt: createdAt(),
  },
  (t) => [index("messages_thread_idx").on(t.threadId, t.seq)],
);

/** A user's thumbs up or down on an answer: one per message and user, replaced when changed. */
export const messageFeedback = pgTable(
  "message_feedback",
  {
    messageId: text("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: text("rating", { enum: ["up", "down"] }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index("message_feedback_user_idx").on(t.userId),
    check("message_feedback_rating_check", sql`${t.rating} in ('up', 'down')`),
  ],
);

/**
 * Files uploaded into a conversation's workdir (`uploads/`). The bytes live in the workspace
 * under a server-generated `stored_name`; the name the user gave is metadata only.
 */
export const attachments = pgTable(
  "attachments",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The conversation's root thread: the workdir is projects/<thread_id>/. */
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    storedName: text("stored_name").notNull(),
    originalName: text("original_name").notNull(),
    mediaType: text("media_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("attachments_user_thread_idx").on(t.userId, t.threadId)],
);

export const RUN_STATUSES = ["pending", "running", "completed", "failed", "cancelled", "interrupted"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export const agentRuns = pgTable(
  "agent_runs",
  {
    id: text("id").primaryKey(),
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    agentId: text("agent_id"),
    runType: text("run_type", { enum: ["chat", "subagent", "resume"] })
      .notNull()
      .default("chat"),
    status: text("status", { enum: RUN_STATUSES }).notNull().default("pending"),
    parentRunId: text("parent_run_id"),
    modelSpec: text("model_spec"),
    tokenUsage: jsonb("token_usage").$type<Record<string, unknown>>(),
    error: jsonb("error").$type<{ code: string; message: string }>(),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /**
     * Until when the instance executing this pending or running run vouches for it (renewed by
     * its heartbeat, lib/db/run-leases.ts). With several instances only runs whose lease expired
     * are failed as orphans; null (rows from before leases) counts as expired.
     */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
  },
  (t) => [
    index("agent_runs_thread_idx").on(t.threadId, t.createdAt),
    // One active run per thread, enforced by the database itself.
    uniqueIndex("agent_runs_one_active_idx")
      .on(t.threadId)
      .where(sql`${t.status} in ('pending', 'running') and ${t.runType} <> 'subagent'`),
    // The expired-lease sweep reads only active runs.
    index("agent_runs_active_lease_idx")
      .on(t.leaseUntil)
      .where(sql`${t.status} in ('pending', 'running')`),
    // Each start counts its user's replying chats (the per-user limit, lib/runs/user-limits.ts).
    index("agent_runs_user_active_idx")
      .on(t.userId)
      .where(sql`${t.status} in ('pending', 'running') and ${t.runType} <> 'subagent'`),
  ],
);

/** Personal API tokens: only a SHA-256 of the secret is stored; the token is shown once. */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** First characters of the token, to recognise it in a list. */
    prefix: text("prefix").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("api_tokens_user_idx").on(t.userId)],
);

export type McpToolEntry = {
  name: string;
  description: string;
  enabled: boolean;
  inputSchema?: unknown;
  readOnly?: boolean;
};

/** MCP servers an admin registered; their tools join an agent's tools under the `mcps` rule. */
export const mcpServers = pgTable("mcp_servers", {
  id: text("id").primaryKey(),
  /** Stable name, also the prefix of its tools' names. */
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  transport: text("transport", { enum: ["streamable_http", "sse"] })
    .notNull()
    .default("streamable_http"),
  url: text("url").notNull(),
  /** AES-GCM sealed JSON of request headers (may carry credentials). */
  headersEncrypted: text("headers_encrypted"),
  enabled: boolean("enabled").notNull().default(true),
  ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
  sharing: jsonb("sharing").$type<Record<string, unknown>>().notNull().default({}),
  tools: jsonb("tools").$type<McpToolEntry[]>().notNull().default([]),
  toolsRefreshedAt: timestamp("tools_refreshed_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const SKILL_SOURCES = ["builtin", "upload", "editor", "agent"] as const;
export type SkillSource = (typeof SKILL_SOURCES)[number];

/**
 * Shared skills (files in the shared skills store, one folder per slug). Personal skills have
 * no row: they live only in their owner's workspace.
 */
export const skills = pgTable("skills", {
  id: text("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  enabled: boolean("enabled").notNull().default(true),
  sharing: jsonb("sharing").$type<Record<string, unknown>>().notNull().default({}),
  source: text("source", { enum: SKILL_SOURCES }).notNull().default("upload"),
  toolDependencies: jsonb("tool_dependencies").$type<string[]>().notNull().default([]),
  mcpDependencies: jsonb("mcp_dependencies").$type<string[]>().notNull().default([]),
  skillDependencies: jsonb("skill_dependencies").$type<string[]>().notNull().default([]),
  /** SKILL.md as last saved, so the runtime catalog (preload) needs one query, not a file read per skill. */
  content: text("content").notNull().default(""),
  ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const DELEGATED_TASK_STATUSES = ["queued", "running", "completed", "failed", "cancelled", "timed_out"] as const;
export type DelegatedTaskStatus = (typeof DELEGATED_TASK_STATUSES)[number];

/**
 * A coordinator's delegated task: the row the coordinator's tools read and the status
 * panel lists. A job of kind `delegated-task` runs it (lib/coordinator), under the thread's
 * semaphore; its child conversation is a child thread as with `task`.
 */
export const delegatedTasks = pgTable(
  "delegated_tasks",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The coordinating chat. */
    threadId: text("thread_id")
      .notNull()
      .references(() => threads.id, { onDelete: "cascade" }),
    parentRunId: text("parent_run_id"),
    /** The worker: a subagent's slug, or null for the coordinating agent itself. */
    agentSlug: text("agent_slug"),
    agentName: text("agent_name").notNull().default(""),
    description: text("description").notNull(),
    status: text("status", { enum: DELEGATED_TASK_STATUSES }).notNull().default("queued"),
    modelSpec: text("model_spec").notNull(),
    timeoutMs: integer("timeout_ms").notNull(),
    jobId: text("job_id"),
    childThreadId: text("child_thread_id"),
    childRunId: text("child_run_id"),
    result: text("result"),
    error: text("error"),
    /** What the worker is doing now (its current tool and plan), for the status panel. */
    progress: jsonb("progress").$type<{ tool?: string; todos?: { done: number; total: number } }>(),
    createdAt: createdAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("delegated_tasks_thread_idx").on(t.threadId, t.createdAt)],
);

/**
 * One row per cached catalog table (agents, skills, MCP servers, knowledge bases): its version,
 * raised in the same transaction by a statement trigger on every write to that table
 * (drizzle/0013_catalog_versions.sql), so every instance sees a write the moment it commits
 * and reloads its copy (lib/db/catalog-cache.ts).
 */
export const catalogVersions = pgTable("catalog_versions", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});
