import { z } from "zod";
import { route } from "@/lib/api/route";
import { cancelRun } from "@/lib/runs/cancel-run";

export const dynamic = "force-dynamic";

export const POST = route({ params: z.object({ id: z.string().min(1).max(200) }) }, async ({ actor, params }) =>
  cancelRun(actor, params.id),
);
