/** Skill slugs name folders and appear in paths the model reads: lowercase words joined by single hyphens. */
export const SKILL_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const SKILL_SLUG_MAX = 64;

export function isSkillSlug(value: string): boolean {
  return value.length <= SKILL_SLUG_MAX && SKILL_SLUG.test(value);
}

/** "My Report_Tool v2" -> "my-report-tool-v2"; null when nothing usable is left (e.g. only non-Latin letters). */
export function slugify(value: string): string | null {
  const slug = value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SKILL_SLUG_MAX)
    .replace(/-+$/, "");
  return slug && SKILL_SLUG.test(slug) ? slug : null;
}
