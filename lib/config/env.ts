import fs from "node:fs";
import path from "node:path";

/** Where the embedded database, workspaces and generated secrets live. */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || ".data");
}

/**
 * Creates DATA_DIR readable by this user only (it holds the secrets, the database and every
 * user's files). An existing folder keeps the mode its operator gave it.
 */
export function ensureDataDir(): string {
  const dir = dataDir();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function databaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

export function dbKind(): "pglite" | "postgresql" {
  return databaseUrl() ? "postgresql" : "pglite";
}
