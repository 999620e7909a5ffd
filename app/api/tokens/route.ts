import { z } from "zod";
import { route } from "@/lib/http/route";
import { refuseBearer } from "@/lib/auth/bearer";
import { createApiToken, listApiTokens } from "@/lib/db/api-tokens";

export const dynamic = "force-dynamic";

const NewToken = z.object({
  name: z.string().trim().min(1).max(100),
  expiresInDays: z.number().int().min(1).max(3650).nullable().optional(),
});

export const GET = route({}, async ({ actor }) => listApiTokens(actor));

export const POST = route({ body: NewToken }, async ({ req, actor, body }) => {
  // A leaked token must not be able to mint successors that outlive its revocation.
  refuseBearer(req, "API tokens cannot create API tokens. Sign in to create one.");
  return Response.json(await createApiToken(actor, body), { status: 201 });
});
