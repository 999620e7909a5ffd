import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Every query lives in lib/db/<domain>.ts; test helpers in lib/testing may query too. */
const ROOTS = ["app", "lib", "components", "scripts"];
const EXEMPT = [path.join("lib", "db"), path.join("lib", "testing")];
const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
const TEST = /\.test\.(ts|tsx|mts|js|mjs)$/;

const RULES: { what: string; pattern: RegExp }[] = [
  { what: "imports drizzle-orm", pattern: /from\s+["']drizzle-orm(\/[^"']*)?["']/ },
  {
    what: "builds a query",
    pattern: /\bdb\s*\.\s*(select|selectDistinct|insert|update|delete|execute|transaction|query)\b/,
  },
  { what: "writes raw SQL", pattern: /\bsql\s*`/ },
  { what: "executes a statement", pattern: /\.execute\(/ },
  // Type imports (and the constant lists such as ROLES) are fine; a table object is a query in waiting.
  {
    what: "imports a schema table",
    pattern: /import\s+\{([^}]*\b[a-z]\w*\b[^}]*)\}\s+from\s+["']@\/lib\/db\/schema["']/,
  },
];

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" || EXEMPT.includes(full) ? [] : sourceFiles(full);
    return SOURCE.test(e.name) && !TEST.test(e.name) ? [full] : [];
  });
}

/** A named import that is a value, not `type X` and not an ALL_CAPS constant. */
function importsTable(names: string): boolean {
  return names
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean)
    .some((n) => !n.startsWith("type ") && !/^[A-Z][A-Z0-9_]*$/.test(n.split(/\s+as\s+/)[0]!));
}

export function sqlOffenders(files: string[]): string[] {
  return files.flatMap((file) => {
    const source = fs.readFileSync(file, "utf8").replace(/^import type .*$/gm, "");
    return RULES.flatMap(({ what, pattern }) => {
      const match = source.match(pattern);
      if (!match) return [];
      if (what === "imports a schema table" && !importsTable(match[1]!)) return [];
      return [`${file}: ${what}`];
    });
  });
}

describe("SQL stays in lib/db", () => {
  it("no file outside lib/db and lib/testing queries the database", () => {
    expect(sqlOffenders(ROOTS.flatMap(sourceFiles))).toEqual([]);
  });

  it("catches a query outside lib/db (the check can fail)", () => {
    const dir = fs.mkdtempSync(path.join(process.cwd(), ".sql-boundary-"));
    try {
      const file = path.join(dir, "leak.ts");
      fs.writeFileSync(
        file,
        'import { eq } from "drizzle-orm";\nimport { agents, ROLES } from "@/lib/db/schema";\nawait db.select().from(agents).where(eq(agents.id, sql`1`));\n',
      );
      const clean = path.join(dir, "clean.ts");
      fs.writeFileSync(
        clean,
        'import { ROLES, type Role } from "@/lib/db/schema";\nimport type { agents } from "@/lib/db/schema";\n',
      );
      expect(sqlOffenders([file]).map((o) => o.split(": ")[1])).toEqual([
        "imports drizzle-orm",
        "builds a query",
        "writes raw SQL",
        "imports a schema table",
      ]);
      expect(sqlOffenders([clean])).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
