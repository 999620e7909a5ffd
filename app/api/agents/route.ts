import { route } from "@/lib/http/route";
import { listVisibleAgents } from "@/lib/db/agents";

export const dynamic = "force-dynamic";

export const GET = route({}, async ({ actor }) =>
  (await listVisibleAgents(actor)).map((a) => ({
    id: a.id,
    slug: a.slug,
    name: a.name,
    description: a.description,
    isDefault: a.isDefault,
  })),
);
