import fs from "node:fs";
import path from "node:path";

/** Where the embedded database, workspaces and generated secrets live. */
export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || ".data");
}

/**
 * Creates DATA_DIR readable by this user only (it holds the secrets, the database and every
 * user's files). An existing one that others may read or enter is made 0700, with a warning; when
 * that is not allowed (another owner), the warning says what to do.
 */
export function ensureDataDir(): string {
  const dir = dataDir();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return protectDataDir();
}

/** At start: an existing DATA_DIR is made 0700 (see ensureDataDir); a missing one is left to whoever needs it. */
export function protectDataDir(): string {
  const dir = dataDir();
  if (!fs.existsSync(dir)) return dir;
  const mode = fs.statSync(dir).mode & 0o777;
  if (mode & 0o077) {
    const shown = mode.toString(8).padStart(4, "0");
    try {
      fs.chmodSync(dir, 0o700);
      console.warn(`[data] DATA_DIR ${dir} was readable by others (mode ${shown}); it is now 0700.`);
    } catch (err) {
      console.warn(
        `[data] DATA_DIR ${dir} is readable by others (mode ${shown}) and could not be changed (${(err as Error).message}); run chmod 700 on it.`,
      );
    }
  }
  return dir;
}

export function databaseUrl(): string | undefined {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

export function dbKind(): "pglite" | "postgresql" {
  return databaseUrl() ? "postgresql" : "pglite";
}
