import { route } from "@/lib/http/route";
import { defaultModelSpec, isDemoOnly, listActiveProviders, listChatModels } from "@/lib/models/providers";

export const dynamic = "force-dynamic";

/** Chat models the composer may offer, the default, and whether only the offline demo model is configured. */
export const GET = route({}, async () => ({
  models: await listChatModels(),
  defaultSpec: await defaultModelSpec(),
  demo: isDemoOnly(await listActiveProviders()),
}));
