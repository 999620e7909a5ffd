import { route } from "@/lib/api/route";
import { deleteProvider, getProvider, updateProvider } from "@/lib/models/admin-providers";
import { updateProviderSchema } from "@/lib/models/provider-schemas";
import { ProviderParams } from "../params";

export const dynamic = "force-dynamic";

export const GET = route({ params: ProviderParams }, ({ actor, params }) => getProvider(actor, params.id));

/** Absent fields stay; `apiKey: null` removes the stored key; `enabled` switches the provider on or off. */
export const PATCH = route({ params: ProviderParams, body: updateProviderSchema }, ({ actor, params, body }) =>
  updateProvider(actor, params.id, body),
);

export const DELETE = route({ params: ProviderParams }, async ({ actor, params }) => {
  await deleteProvider(actor, params.id);
});
