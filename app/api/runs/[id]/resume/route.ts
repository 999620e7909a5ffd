import { z } from "zod";
import { createUIMessageStreamResponse } from "ai";
import { route } from "@/lib/http/route";
import { startResumeRun } from "@/lib/runs/resume-run";
import { resumeBodySchema } from "@/lib/runs/resume-payload";

export const dynamic = "force-dynamic";
export const maxDuration = 800;

/** Answers an interrupted run (approval decisions or question answers) and streams the resumed run. */
export const POST = route(
  { params: z.object({ id: z.string().min(1).max(200) }), body: resumeBodySchema },
  async ({ actor, params, body }) => {
    const { run, stream } = await startResumeRun(actor, params.id, body);
    return createUIMessageStreamResponse({ stream, headers: { "x-meridian-run-id": run.id } });
  },
);
