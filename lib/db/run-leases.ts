import { and, inArray, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import { getDb } from "./client";
import { agentRuns } from "./schema";

/**
 * Run leases. The instance that executes a run holds its lease: the run's row says until when
 * (`lease_until`), and a heartbeat renews every lease this process holds. With several instances
 * (REDIS_URL), only runs whose lease expired are failed as orphans, so one instance starting or
 * sweeping never fails another's live run. The set of held runs lives on globalThis: Next.js
 * may load this module once per route bundle.
 */
const DEFAULT_RUN_LEASE_MS = 15_000;

export function runLeaseMs(): number {
  const n = Number(process.env.RUN_LEASE_MS);
  return Number.isFinite(n) && n >= 300 ? n : DEFAULT_RUN_LEASE_MS;
}

/** When a lease taken now ends. */
export function leaseEnd(now = Date.now()): Date {
  return new Date(now + runLeaseMs());
}

const key = Symbol.for("meridian.runLeases");
function held(): Set<string> {
  const g = globalThis as typeof globalThis & { [key]?: Set<string> };
  return (g[key] ??= new Set());
}

/** This process executes `runId` from now on (called where the run's row is created). */
export function holdRunLease(runId: string): void {
  held().add(runId);
}

/** The run ended (or was never started here): its lease is no longer renewed. */
export function dropRunLease(runId: string): void {
  held().delete(runId);
}

export function heldRunLeases(): string[] {
  return [...held()];
}

/**
 * Extends every lease this process holds, in one statement. Runs that are no longer active
 * (ended elsewhere, cancelled as orphans) are dropped from the set. Returns how many were renewed.
 */
export async function renewRunLeases(): Promise<number> {
  const ids = heldRunLeases();
  if (ids.length === 0) return 0;
  const db = await getDb();
  const rows = await db
    .update(agentRuns)
    .set({ leaseUntil: leaseEnd() })
    .where(and(inArray(agentRuns.id, ids), inArray(agentRuns.status, ["pending", "running"])))
    .returning({ id: agentRuns.id });
  const renewed = new Set(rows.map((r) => r.id));
  for (const id of ids) if (!renewed.has(id)) dropRunLease(id);
  return renewed.size;
}

/**
 * Fails the pending and running runs whose lease expired (their instance died or stalled), except
 * those this process executes. Returns their ids.
 */
export async function failExpiredRuns(): Promise<string[]> {
  const db = await getDb();
  const mine = heldRunLeases();
  const rows = await db
    .update(agentRuns)
    .set({
      status: "failed",
      error: { code: "internal:restart", message: "The server running this reply stopped before it finished." },
      finishedAt: new Date(),
      leaseUntil: null,
    })
    .where(
      and(
        inArray(agentRuns.status, ["pending", "running"]),
        or(isNull(agentRuns.leaseUntil), lt(agentRuns.leaseUntil, sql`now()`)),
        mine.length > 0 ? notInArray(agentRuns.id, mine) : undefined,
      ),
    )
    .returning({ id: agentRuns.id });
  return rows.map((r) => r.id);
}
