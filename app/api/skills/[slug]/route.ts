import { route } from "@/lib/api/route";
import { deleteSkill, getSkill, updateSkill } from "@/lib/skills/manage";
import { scopeQuery, skillParams, skillPatchBody } from "@/lib/skills/request";

export const dynamic = "force-dynamic";

/** The skill and its file list; `scope` picks personal or shared when both exist (default: personal first). */
export const GET = route({ params: skillParams, query: scopeQuery }, ({ actor, params, query }) =>
  getSkill(actor, params.slug, query.scope),
);

/** Switches a shared skill on or off and sets who it is shared with (managers only). */
export const PUT = route(
  { params: skillParams, query: scopeQuery, body: skillPatchBody },
  ({ actor, params, query, body }) => updateSkill(actor, params.slug, query.scope, body),
);

/** Removes the skill: its row (shared) and all its files. */
export const DELETE = route({ params: skillParams, query: scopeQuery }, async ({ actor, params, query }) => {
  await deleteSkill(actor, params.slug, query.scope);
});
