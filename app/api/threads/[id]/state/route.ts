import { z } from "zod";
import { route } from "@/lib/api/route";
import { getThreadState } from "@/lib/runs/thread-state";

export const dynamic = "force-dynamic";

export const GET = route({ params: z.object({ id: z.string().min(1).max(200) }) }, async ({ actor, params }) =>
  getThreadState(actor, params.id),
);
