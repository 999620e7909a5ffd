import { route } from "@/lib/api/route";
import { createProvider, listProviders } from "@/lib/models/admin-providers";
import { createProviderSchema } from "@/lib/models/provider-schemas";

export const dynamic = "force-dynamic";

/** Model providers (superadmin and admin). Keys are write-only: the list shows `hasKey` and a hint. */
export const GET = route({}, ({ actor }) => listProviders(actor));

export const POST = route({ body: createProviderSchema }, async ({ actor, body }) =>
  Response.json(await createProvider(actor, body), { status: 201 }),
);
