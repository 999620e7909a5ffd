import { z } from "zod";
import { route } from "@/lib/api/route";
import { refuseBearer } from "@/lib/auth/bearer";
import { revokeOwnSession } from "@/lib/db/account";

export const dynamic = "force-dynamic";

const Params = z.object({ id: z.string().min(1).max(64) });

/** Ends one of the signed-in person's sessions (by the id the list gives). */
export const DELETE = route({ params: Params }, async ({ req, actor, params }) => {
  refuseBearer(req, "API tokens cannot see or end sign-ins. Sign in to manage them.");
  await revokeOwnSession(actor, params.id);
});
