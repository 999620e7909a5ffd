import type { DelegatedTaskRow } from "@/lib/db/delegated-tasks";

const seconds = (ms: number) => `${Math.max(0, Math.round(ms / 100) / 10)} s`;

/** How long the task has run (or ran). */
function elapsed(task: DelegatedTaskRow, now = Date.now()): string | null {
  if (!task.startedAt) return null;
  return seconds((task.finishedAt?.getTime() ?? now) - task.startedAt.getTime());
}

const STATUS_WORDS: Record<DelegatedTaskRow["status"], string> = {
  queued: "queued (waiting for a free slot)",
  running: "running",
  completed: "completed",
  failed: "failed",
  cancelled: "stopped",
  timed_out: "timed out",
};

/** check_task's answer: the task's state, what it is doing, and its result or error once it ended. */
export function describeTask(task: DelegatedTaskRow, opts: { withResult: boolean }): string {
  const time = elapsed(task);
  const lines = [
    `task_id: ${task.id}`,
    `agent: ${task.agentName}`,
    `status: ${STATUS_WORDS[task.status]}${time ? ` (${time})` : ""}`,
  ];
  if (task.status === "running" && task.progress) {
    const parts = [
      task.progress.tool ? `using ${task.progress.tool}` : null,
      task.progress.todos ? `plan ${task.progress.todos.done}/${task.progress.todos.total} done` : null,
    ].filter(Boolean);
    if (parts.length) lines.push(`progress: ${parts.join(", ")}`);
  }
  if (task.error && task.status !== "completed") lines.push(`error: ${task.error}`);
  if (opts.withResult && task.status === "completed") lines.push("", "result:", task.result ?? "");
  return lines.join("\n");
}

/** synthesize's report: each task's outcome (results in full), then a count of each outcome. */
export function synthesisReport(ids: string[], rows: DelegatedTaskRow[]): string {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sections: string[] = [];
  const counts = new Map<string, number>();
  for (const id of ids) {
    const task = byId.get(id);
    const outcome = !task
      ? "unknown"
      : task.status === "queued" || task.status === "running"
        ? "unfinished"
        : STATUS_WORDS[task.status];
    counts.set(outcome, (counts.get(outcome) ?? 0) + 1);
    if (!task) {
      sections.push(`## ${id}: unknown\nThere is no such task in this chat.`);
      continue;
    }
    const head = `## ${id} (${task.agentName}): ${outcome === "unfinished" ? "still running at the deadline" : outcome}`;
    if (task.status === "completed") sections.push(`${head}\n${task.result ?? ""}`);
    else if (outcome === "unfinished") sections.push(`${head}\nIt keeps running: check it later or stop it.`);
    else sections.push(`${head}\n${task.error ?? ""}`.trim());
  }
  const summary = [...counts].map(([outcome, n]) => `${n} ${outcome}`).join(", ");
  return `${summary}\n\n${sections.join("\n\n")}`;
}
