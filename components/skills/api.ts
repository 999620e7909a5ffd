import { apiFetch, parseApiError } from "@/components/api/client";
import type { Sharing } from "@/lib/sharing/types";
import type { SkillDetail, SkillScope, SkillView } from "@/lib/skills/view";

/** The skill routes (app/api/skills), typed for the skills page. */

/** Shapes as the server defines them (lib/skills/view.ts); dates arrive as ISO strings already. */
export type { SkillDetail, SkillScope, SkillView };
export type SkillFile = SkillDetail["files"][number];

/** Which skill: the same slug may exist once shared and once personal. */
export type SkillRef = { slug: string; scope: SkillScope };

const BASE = "/api/skills";
const at = ({ slug, scope }: SkillRef, tail = "") => `${BASE}/${encodeURIComponent(slug)}${tail}?scope=${scope}`;
const fileAt = (ref: SkillRef, path: string) => `${at(ref, "/files")}&path=${encodeURIComponent(path)}`;

/** Sends a file's text as the raw body; the answer is the skill with its files. */
async function sendText(url: string, text: string): Promise<SkillDetail> {
  const response = await fetch(url, {
    method: "PUT",
    body: text,
    headers: { "content-type": "text/plain; charset=utf-8" },
    credentials: "same-origin",
  });
  if (!response.ok) throw parseApiError(response.status, await response.text());
  return (await response.json()) as SkillDetail;
}

export const skillsApi = {
  list: () => apiFetch<SkillView[]>(BASE),
  get: (ref: SkillRef) => apiFetch<SkillDetail>(at(ref)),
  create: (files: Record<string, string>, scope: SkillScope) =>
    apiFetch<SkillView>(BASE, { method: "POST", body: JSON.stringify({ scope, files }) }),
  update: (ref: SkillRef, patch: { enabled?: boolean; sharing?: Sharing }) =>
    apiFetch<SkillView>(at(ref), { method: "PUT", body: JSON.stringify(patch) }),
  remove: (ref: SkillRef) => apiFetch<void>(at(ref), { method: "DELETE" }),
  async readFile(ref: SkillRef, path: string): Promise<string> {
    const response = await fetch(fileAt(ref, path), { credentials: "same-origin" });
    if (!response.ok) throw parseApiError(response.status, await response.text());
    return response.text();
  },
  writeFile: (ref: SkillRef, path: string, text: string) => sendText(fileAt(ref, path), text),
  deleteFile: (ref: SkillRef, path: string) => apiFetch<void>(fileAt(ref, path), { method: "DELETE" }),
  exportUrl: (ref: SkillRef) => at(ref, "/export"),
};

export const skillKey = (ref: SkillRef) => `${ref.scope}:${ref.slug}`;
