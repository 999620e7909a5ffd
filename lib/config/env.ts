import path from "node:path";

/** Where the embedded database, workspaces and generated secrets live. */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || ".data");
}

export function databaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

export function dbKind(): "pglite" | "postgresql" {
  return databaseUrl() ? "postgresql" : "pglite";
}
