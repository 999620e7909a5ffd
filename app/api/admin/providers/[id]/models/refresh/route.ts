import { route } from "@/lib/api/route";
import { refreshProviderModels } from "@/lib/models/admin-providers";
import { ProviderParams } from "../../../params";

export const dynamic = "force-dynamic";

/** Adds the provider's remote model ids as disabled entries: `{provider, added}`; 502 when the provider fails. */
export const POST = route({ params: ProviderParams }, ({ actor, params }) => refreshProviderModels(actor, params.id));
