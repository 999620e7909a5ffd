import { z } from "zod";
import { route } from "@/lib/http/route";
import { runStreamResponse } from "@/lib/http/run-stream-response";
import { requireThread } from "@/lib/db/threads";
import { activeRunForThread } from "@/lib/runs/registry";

export const dynamic = "force-dynamic";

/** Resumes the live stream of the thread's active run from its start; 204 when nothing runs. */
export const GET = route({ params: z.object({ threadId: z.string().min(1).max(200) }) }, async ({ actor, params }) => {
  await requireThread(actor, params.threadId);
  const live = activeRunForThread(params.threadId);
  if (!live || live.userId !== actor.id || live.buffer.isClosed) return new Response(null, { status: 204 });
  return runStreamResponse(live.buffer, live.runId);
});
