import { route } from "@/lib/api/route";
import { refuseBearer } from "@/lib/auth/bearer";
import { createApiToken, listApiTokens } from "@/lib/db/api-tokens";
import { newTokenSchema } from "@/lib/auth/token-schemas";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ actor }) => listApiTokens(actor));

export const POST = route({ body: newTokenSchema }, async ({ req, actor, body }) => {
  // A leaked token must not be able to mint successors that outlive its revocation.
  refuseBearer(req, "API tokens cannot create API tokens. Sign in to create one.");
  return Response.json(await createApiToken(actor, body), { status: 201 });
});
