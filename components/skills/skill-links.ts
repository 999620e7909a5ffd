import type { SkillRef } from "./api";

/** The page address of one skill; the list and the opened skill share /skills so Back closes it. */
export function skillHref(ref: SkillRef): string {
  return `/skills?skill=${encodeURIComponent(ref.slug)}&scope=${ref.scope}`;
}
