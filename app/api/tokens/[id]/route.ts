import { z } from "zod";
import { route } from "@/lib/api/route";
import { deleteApiToken } from "@/lib/db/api-tokens";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1).max(100) });

export const DELETE = route({ params: Params }, async ({ actor, params }) => {
  await deleteApiToken(actor, params.id);
});
