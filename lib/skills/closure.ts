/**
 * The dependency closure of selected skills: each skill, then what it depends on, depth first,
 * each slug once. Cycles end where they meet a skill already taken; unknown slugs are dropped.
 */
export function skillClosure(selected: string[], dependencies: ReadonlyMap<string, string[]>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (slug: string) => {
    if (seen.has(slug) || !dependencies.has(slug)) return;
    seen.add(slug);
    out.push(slug);
    for (const dep of dependencies.get(slug) ?? []) visit(dep);
  };
  for (const slug of selected) visit(slug);
  return out;
}
