import { route } from "@/lib/api/route";
import { testProvider } from "@/lib/models/admin-providers";
import { ProviderParams } from "../../params";

export const dynamic = "force-dynamic";

/** Test connection on the stored settings: `{ok, models, latencyMs, chat?, error?}`, 200 also when the check fails. */
export const POST = route({ params: ProviderParams }, ({ actor, params }) => testProvider(actor, params.id));
