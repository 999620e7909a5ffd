import { z } from "zod";
import { route } from "@/lib/api/route";
import { runStreamResponse } from "@/lib/api/run-stream-response";
import { startChatRun } from "@/lib/runs/start-run";
import { keepAliveUntilRunEnds } from "@/lib/api/keep-run-alive";
import { CONVERSATION_ID } from "@/lib/workspace/paths";

export const dynamic = "force-dynamic";
export const maxDuration = 800;

const uiPart = z.object({ type: z.string() }).passthrough();
const chatBody = z.object({
  // The conversation id also names its workdir folder.
  id: z.string().regex(CONVERSATION_ID, "a conversation id uses letters, digits, - and _ only"),
  message: z.object({
    id: z.string().min(1).max(200),
    role: z.literal("user"),
    parts: z.array(uiPart).min(1).max(100),
    metadata: z.unknown().optional(),
  }),
  agentId: z.string().min(1).nullish(),
  modelSpec: z.string().min(3).max(300).nullish(),
  coordinator: z.boolean().optional(),
  // The AI SDK's regenerate and edit: the turn of `message` runs again from the state before it.
  trigger: z.enum(["submit-message", "regenerate-message"]).optional(),
  messageId: z.string().min(1).max(200).optional(),
});

/** Starts a run and streams it; the run goes on when the browser disconnects. */
export const POST = route({ body: chatBody }, async ({ actor, body }) => {
  const { run, buffer } = await startChatRun(actor, {
    threadId: body.id,
    message: body.message as Parameters<typeof startChatRun>[1]["message"],
    agentId: body.agentId,
    modelSpec: body.modelSpec,
    trigger: body.trigger,
    messageId: body.messageId,
    coordinator: body.coordinator,
  });
  keepAliveUntilRunEnds(run.id);
  return runStreamResponse(buffer, run.id);
});
