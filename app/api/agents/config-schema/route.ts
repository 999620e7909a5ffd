import { route } from "@/lib/api/route";
import { configSchemaFor } from "@/lib/agent/config/config-schema-view";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ actor }) => configSchemaFor(actor));
