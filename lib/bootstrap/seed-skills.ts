import fs from "node:fs/promises";
import path from "node:path";
import { upsertBuiltinSkill } from "@/lib/db/skills";
import { sharedSkillFolder, writeSkillFiles } from "@/lib/skills/folders";
import { validateSkillPackage } from "@/lib/skills/package";

/** Where the built-in skills' files live: the source tree, read at start like the migrations in drizzle/. */
const BUILTIN_SKILLS_DIR = path.join(/*turbopackIgnore: true*/ process.cwd(), "lib", "skills", "builtin");

async function readTree(dir: string, prefix = ""): Promise<Map<string, Uint8Array>> {
  const files = new Map<string, Uint8Array>();
  // Paths are only known at run time; the ignore comments keep the bundler from tracing the whole project.
  for (const entry of await fs.readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    const full = path.join(/*turbopackIgnore: true*/ dir, entry.name);
    if (entry.isDirectory()) for (const [k, v] of await readTree(full, rel)) files.set(k, v);
    else if (entry.isFile()) files.set(rel, await fs.readFile(/*turbopackIgnore: true*/ full));
  }
  return files;
}

function sameFiles(a: Map<string, Uint8Array>, b: Map<string, Uint8Array>): boolean {
  return (
    a.size === b.size && [...a].every(([rel, data]) => b.has(rel) && Buffer.from(b.get(rel)!).equals(Buffer.from(data)))
  );
}

/**
 * Built-in skills, shared with everyone (source "builtin"). Idempotent: every start refreshes
 * their content and files; an admin's enabled switch and sharing stay as they are.
 */
export async function seedSkills(dir = BUILTIN_SKILLS_DIR): Promise<void> {
  for (const entry of await fs.readdir(/*turbopackIgnore: true*/ dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const files = await readTree(path.join(/*turbopackIgnore: true*/ dir, entry.name));
    const pkg = validateSkillPackage(files, { folderName: entry.name });
    if (pkg.slug !== entry.name) throw new Error(`Built-in skill folder ${entry.name} declares the slug "${pkg.slug}"`);
    const content = Buffer.from(files.get("SKILL.md")!).toString("utf8");
    if (!(await upsertBuiltinSkill(pkg.slug, pkg.meta, content))) {
      console.warn(
        `[skills] a shared skill "${pkg.slug}" that is not built in exists; the built-in one is not installed.`,
      );
      continue;
    }
    const folder = sharedSkillFolder(pkg.slug);
    const stored = new Map<string, Uint8Array>();
    for (const f of await folder.list()) stored.set(f.path, await folder.read(f.path));
    if (sameFiles(files, stored)) continue;
    await folder.removeAll();
    await writeSkillFiles(folder, files);
  }
}
