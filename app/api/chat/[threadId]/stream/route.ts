import { z } from "zod";
import { UI_MESSAGE_STREAM_HEADERS } from "ai";
import { route } from "@/lib/api/route";
import { runStreamResponse } from "@/lib/api/run-stream-response";
import { requireThread } from "@/lib/db/threads";
import { findActiveRun } from "@/lib/db/runs";
import { activeRunForThread } from "@/lib/runs/registry";
import { followSharedRun } from "@/lib/runs/shared-stream";
import { isMultiInstance } from "@/lib/redis/client";

export const dynamic = "force-dynamic";
// Following a run lasts as long as the run (the chat route's limit).
export const maxDuration = 800;

/**
 * Resumes the live stream of the thread's active run from its start; 204 when nothing runs.
 * With several instances, a run executing on another one is followed through Redis.
 */
export const GET = route({ params: z.object({ threadId: z.string().min(1).max(200) }) }, async ({ actor, params }) => {
  await requireThread(actor, params.threadId);
  const live = activeRunForThread(params.threadId);
  if (live && live.userId === actor.id && !live.buffer.isClosed) return runStreamResponse(live.buffer, live.runId);
  if (!live && isMultiInstance()) {
    const run = await findActiveRun(actor, params.threadId);
    const stream = run ? await followSharedRun(run.id) : null;
    if (run && stream) {
      return new Response(stream, {
        headers: {
          ...UI_MESSAGE_STREAM_HEADERS,
          "x-meridian-run-id": run.id,
          "cache-control": "no-cache, no-transform",
        },
      });
    }
  }
  return new Response(null, { status: 204 });
});
