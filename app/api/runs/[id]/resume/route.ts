import { z } from "zod";
import { route } from "@/lib/api/route";
import { runStreamResponse } from "@/lib/api/run-stream-response";
import { startResumeRun } from "@/lib/runs/resume-run";
import { resumeBodySchema } from "@/lib/runs/resume-payload";
import { keepAliveUntilRunEnds } from "@/lib/api/keep-run-alive";

export const dynamic = "force-dynamic";
export const maxDuration = 800;

/** Answers an interrupted run (approval decisions or question answers) and streams the resumed run. */
export const POST = route(
  { params: z.object({ id: z.string().min(1).max(200) }), body: resumeBodySchema },
  async ({ actor, params, body }) => {
    const { run, buffer } = await startResumeRun(actor, params.id, body);
    keepAliveUntilRunEnds(run.id);
    return runStreamResponse(buffer, run.id);
  },
);
