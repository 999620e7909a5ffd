import { route } from "@/lib/api/route";
import { exportSkill } from "@/lib/skills/skill-files";
import { scopeQuery, skillParams } from "@/lib/skills/request";

export const dynamic = "force-dynamic";

/** The skill as a zip (one folder named after the slug), ready to upload again. */
export const GET = route({ params: skillParams, query: scopeQuery }, async ({ actor, params, query }) => {
  const { filename, bytes } = await exportSkill(actor, params.slug, query.scope);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "application/zip",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
});
