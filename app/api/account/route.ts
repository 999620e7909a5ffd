import { route } from "@/lib/api/route";
import { AccountPatch } from "@/lib/auth/account-schemas";
import { getAccount, updateDisplayName } from "@/lib/db/account";

export const dynamic = "force-dynamic";

/** The signed-in person's own profile (session or token). */
export const GET = route({}, async ({ actor }) => getAccount(actor));

export const PATCH = route({ body: AccountPatch }, async ({ actor, body }) =>
  updateDisplayName(actor, body.displayName),
);
