import { z } from "zod";
import { route } from "@/lib/api/route";
import { requireRun, toRunView } from "@/lib/db/runs";

export const dynamic = "force-dynamic";

export const GET = route({ params: z.object({ id: z.string().min(1).max(200) }) }, async ({ actor, params }) =>
  toRunView(await requireRun(actor, params.id)),
);
