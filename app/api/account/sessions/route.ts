import { route } from "@/lib/api/route";
import { refuseBearer } from "@/lib/auth/bearer";
import { currentSessionId } from "@/lib/auth/session-id";
import { listOwnSessions, revokeOtherSessions } from "@/lib/db/account";

export const dynamic = "force-dynamic";

const NO_TOKENS = "API tokens cannot see or end sign-ins. Sign in to manage them.";

/** The signed-in person's browser sign-ins; a token may not see or end them. */
export const GET = route({}, async ({ req, actor }) => {
  refuseBearer(req, NO_TOKENS);
  return listOwnSessions(actor, await currentSessionId(req));
});

/** Sign out everywhere else: every session but this one ends. */
export const DELETE = route({}, async ({ req, actor }) => {
  refuseBearer(req, NO_TOKENS);
  return { ended: await revokeOtherSessions(actor, await currentSessionId(req)) };
});
