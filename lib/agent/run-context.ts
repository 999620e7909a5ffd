/** The per-run context every middleware and tool receives as `runtime.context`. */
export type AgentRunContext = {
  userId: string;
  threadId: string;
  /** Root of the conversation tree (the chat thread; subagent threads point at their parent's root). */
  rootThreadId: string;
  runId: string;
  agentId: string | null;
  /**
   * The chat's thread was created by the request that started this run: nothing can be attached
   * to it yet (attachments reference an existing thread), so the run need not look.
   */
  newConversation?: boolean;
  /**
   * Called as the run is about to call its model: its start is over (the app's start gate,
   * lib/runs/start-gate.ts, lets the next run start). Injected by the run; absent for subagents.
   */
  modelCallStarting?: () => void;
};

export function runContextOf(runtime: { context?: unknown }): AgentRunContext | undefined {
  const ctx = runtime.context as Partial<AgentRunContext> | undefined;
  return ctx && typeof ctx.runId === "string" ? (ctx as AgentRunContext) : undefined;
}
