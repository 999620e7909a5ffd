import fs from "node:fs";
import path from "node:path";

/**
 * A real public corpus reachable offline: the README.md files of the installed npm packages,
 * deduplicated by content, in a stable order.
 */
export function npmReadmes(root = path.join(process.cwd(), "node_modules")): { name: string; text: string }[] {
  const found: { name: string; text: string }[] = [];
  const seen = new Set<string>();
  const visit = (dir: string, depth: number) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory() && depth < 2 && e.name !== ".bin" && e.name !== ".cache") visit(p, depth + 1);
      else if (e.isFile() && e.name.toLowerCase() === "readme.md") {
        const text = fs.readFileSync(p, "utf8");
        if (text.length < 500 || seen.has(text)) continue;
        seen.add(text);
        found.push({ name: `${path.relative(root, dir).replaceAll("/", "__")}.md`, text });
      }
    }
  };
  visit(root, 0);
  return found;
}

/** A deterministic pseudo-random generator (mulberry32), so every run asks the same questions. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
