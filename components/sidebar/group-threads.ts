import type { ThreadSummary } from "@/components/api/types";

type ThreadGroupKey = "today" | "previous7Days" | "older";
export type ThreadGroup = { key: ThreadGroupKey; threads: ThreadSummary[] };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Newest first, bucketed by the viewer's local calendar day. */
export function groupThreads(threads: ThreadSummary[], now: Date = new Date()): ThreadGroup[] {
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const startOfWeek = startOfToday - 7 * DAY_MS;
  const groups: Record<ThreadGroupKey, ThreadSummary[]> = { today: [], previous7Days: [], older: [] };

  const sorted = [...threads].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
  for (const thread of sorted) {
    const at = Date.parse(thread.updatedAt);
    const key: ThreadGroupKey = at >= startOfToday ? "today" : at >= startOfWeek ? "previous7Days" : "older";
    groups[key].push(thread);
  }
  return (Object.keys(groups) as ThreadGroupKey[])
    .filter((key) => groups[key].length > 0)
    .map((key) => ({ key, threads: groups[key] }));
}
