import { getDatabase } from "@/lib/db/client";
import { protectDataDir } from "@/lib/config/env";
import { ensureSuperadmin } from "./admin";
import { cleanupExpiredSessions, scheduleSessionCleanup } from "./session-cleanup";
import { seedAgents } from "./seed-agents";
import { seedSkills } from "./seed-skills";
import { registerSkillsProjection } from "@/lib/skills/projection";
import { syncEnvProvider } from "@/lib/models/env-provider";
import { settleOrphanedRuns, startLeaseKeeping } from "@/lib/runs/lease-keeping";
import { getCheckpointer } from "@/lib/agent/checkpointer";
import { assertWorkspaceStorageConfig } from "@/lib/workspace/store/s3-config";
import { startJobRunner } from "@/lib/jobs/runner";
import { scheduleStrandedDocumentSweep } from "@/lib/kb/ingest-job";
import { seedDemoKnowledgeBase } from "./seed-demo-kb";
import "@/lib/kb/mindmap-job"; // registers the mind map job
import "@/lib/memory/memory-job"; // registers the memory extraction job
import "@/lib/kb/embed-job"; // and the re-embedding job
import { registerDelegatedTaskJob } from "@/lib/coordinator/task-job";
import { childAgentBuilder } from "@/lib/agent/graph";
import { mcpToolSource } from "@/lib/mcp/tool-source";

const bootstrapKey = Symbol.for("meridian.bootstrap");
type GlobalWithBootstrap = typeof globalThis & { [bootstrapKey]?: Promise<void> };

/** Everything the server needs before it answers requests, in order. */
async function runSteps(): Promise<void> {
  assertWorkspaceStorageConfig(); // object storage misconfigured: fail before serving
  protectDataDir(); // 0700, whoever made it
  await getDatabase(); // opens and migrates
  await ensureSuperadmin();
  await syncEnvProvider();
  await seedAgents();
  registerSkillsProjection();
  await seedSkills();
  await getCheckpointer(); // creates the checkpoint tables
  await settleOrphanedRuns(); // all of them on one instance; with Redis, those whose lease expired
  await startLeaseKeeping();
  await cleanupExpiredSessions();
  scheduleSessionCleanup();
  await seedDemoKnowledgeBase(); // first start only
  registerDelegatedTaskJob(childAgentBuilder({ mcp: mcpToolSource })); // coordinator mode's tasks
  startJobRunner(); // ingestion jobs: queued ones, and those whose worker died, are picked up here
  scheduleStrandedDocumentSweep();
}

/** Idempotent: the first call runs the steps, later calls share its result; a failure may be retried. */
export function bootstrap(): Promise<void> {
  const g = globalThis as GlobalWithBootstrap;
  g[bootstrapKey] ??= runSteps().catch((err) => {
    delete g[bootstrapKey];
    throw err;
  });
  return g[bootstrapKey];
}
