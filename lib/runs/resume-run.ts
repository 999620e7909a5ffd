import type { Actor } from "@/lib/identity/actor";
import { createRun, latestThreadRun, requireRun, transitionRun, type RunRow } from "@/lib/db/runs";
import { getVisibleAgent } from "@/lib/db/agents";
import { prepareAgentRuntimeContext } from "@/lib/agent/runtime/prepare-context";
import { ApiError } from "@/lib/errors/api-error";
import { firstPendingInterrupt } from "./pending-interrupt";
import { recordInterruptOutcome } from "./interrupt-message";
import { resumeValueFor, type ResumeBody } from "./resume-payload";
import { launchRun, startedRun, type StartedRun } from "./start-run";
import { withStartSlot, type StartSlot } from "./start-gate";

const notWaiting = () => new ApiError("conflict:resume", "This run is not waiting for an answer.");

/**
 * Answers an interrupted run: only its owner, only while it is interrupted and the thread's
 * latest run, and only with a payload that fits the interrupt stored in the checkpoint. The
 * answer runs as a new `resume` run (parent = the interrupted one) streamed like a chat run.
 */
export async function startResumeRun(actor: Actor, runId: string, body: ResumeBody): Promise<StartedRun> {
  return withStartSlot(actor.id, (slot) => resumeInSlot(actor, runId, body, slot));
}

async function resumeInSlot(actor: Actor, runId: string, body: ResumeBody, slot: StartSlot): Promise<StartedRun> {
  const parent = await requireRun(actor, runId);
  if (parent.status !== "interrupted" || parent.runType === "subagent") throw notWaiting();
  const latest = await latestThreadRun(actor, parent.threadId);
  if (latest?.id !== parent.id) {
    throw new ApiError(
      "conflict:resume",
      "A newer reply exists in this conversation; this run can no longer be resumed.",
    );
  }
  const pending = await firstPendingInterrupt(parent.threadId);
  if (!pending) throw notWaiting();
  const value = resumeValueFor(pending.request, body);

  const agent = parent.agentId ? await getVisibleAgent(actor, parent.agentId) : null;
  if (!agent) throw new ApiError("not_found:agent", "This agent does not exist or is not shared with you.");
  const ctx = await prepareAgentRuntimeContext(actor, agent, { modelSpec: parent.modelSpec });

  // Claim the answer first: of two concurrent answers, one resumes and the other is refused.
  if (!(await transitionRun(actor, parent.id, "interrupted", "completed"))) throw notWaiting();
  let run: RunRow;
  try {
    run = await createRun(actor, {
      threadId: parent.threadId,
      agentId: agent.id,
      modelSpec: ctx.modelSpec,
      runType: "resume",
      parentRunId: parent.id,
    });
  } catch (err) {
    await transitionRun(actor, parent.id, "completed", "interrupted");
    throw err;
  }
  try {
    await recordInterruptOutcome(actor, parent.threadId, parent.id, { status: "completed", response: value });
  } catch (err) {
    console.error(`[run ${run.id}] recording the answer in the interrupted message failed:`, err);
  }
  return startedRun(run, launchRun(actor, run, ctx, { kind: "resume", interruptId: pending.id, value }, slot));
}
