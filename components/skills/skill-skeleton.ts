import { stringify } from "yaml";

/**
 * The SKILL.md a new skill starts with: front matter the server accepts (name, slug,
 * description, empty dependency lists) and a body outline to fill in.
 */
export function skillSkeleton({
  name,
  slug,
  description,
}: {
  name: string;
  slug: string;
  description: string;
}): string {
  const meta = stringify(
    {
      name: name.trim(),
      slug,
      description: description.trim(),
      tool_dependencies: [],
      mcp_dependencies: [],
      skill_dependencies: [],
    },
    { lineWidth: 0 },
  );
  return [
    "---",
    meta.trimEnd(),
    "---",
    "",
    `# ${name.trim()}`,
    "",
    "## When to use",
    "",
    description.trim(),
    "",
    "## Steps",
    "",
    "1. ",
    "",
  ].join("\n");
}
