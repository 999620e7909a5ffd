import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { dataDir, ensureDataDir } from "./env";

/**
 * Secrets the server needs. Taken from the environment when given; otherwise generated on
 * first start and kept in DATA_DIR/secrets.json (mode 0600) so restarts keep sessions valid.
 * The file is only ever created when it does not exist: a replaced file would sign everyone
 * out and leave every stored provider key undecryptable, so a damaged one stops the server.
 */
export type SecretName = "AUTH_SECRET" | "ENCRYPTION_KEY";

const SECRET_NAMES: SecretName[] = ["AUTH_SECRET", "ENCRYPTION_KEY"];

// Loose: keys a later version adds survive a rewrite by this one.
const storedSecrets = z.looseObject({
  AUTH_SECRET: z.string().min(1).optional(),
  ENCRYPTION_KEY: z.string().min(1).optional(),
});
type StoredSecrets = z.infer<typeof storedSecrets>;

let cache: StoredSecrets | undefined;

function secretsFile(): string {
  return path.join(dataDir(), "secrets.json");
}

function damaged(file: string, problem: string): Error {
  return new Error(
    `${file} ${problem}. Restore it from a backup, or set AUTH_SECRET and ENCRYPTION_KEY in the environment. ` +
      "Deleting it makes the server generate new secrets: everyone is signed out and stored provider keys can no longer be decrypted.",
  );
}

/** The stored secrets, or undefined when the file does not exist. Never guesses past a bad file. */
function readStored(file: string): StoredSecrets | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw damaged(file, `cannot be read (${(err as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw damaged(file, `is not valid JSON (${(err as Error).message})`);
  }
  const parsed = storedSecrets.safeParse(json);
  if (!parsed.success) throw damaged(file, "does not hold an object of non-empty secret strings");
  return parsed.data;
}

function newSecret(): string {
  return crypto.randomBytes(32).toString("base64url");
}

function writeTemp(file: string, secrets: StoredSecrets): string {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: "wx" });
  return tmp;
}

/**
 * Creates the file with every secret, exclusively: the complete file is hard-linked into place,
 * which fails if it exists, so racing processes all end up reading the one that won.
 */
function createStored(file: string): StoredSecrets {
  ensureDataDir();
  const fresh = Object.fromEntries(SECRET_NAMES.map((name) => [name, newSecret()])) as StoredSecrets;
  const tmp = writeTemp(file, fresh);
  try {
    fs.linkSync(tmp, file);
    return fresh;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return readStored(file)!;
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "ENOSYS") throw err;
    // A filesystem without hard links: an exclusive create still never replaces a file.
    try {
      fs.writeFileSync(file, JSON.stringify(fresh, null, 2), { mode: 0o600, flag: "wx" });
      return fresh;
    } catch (inner) {
      if ((inner as NodeJS.ErrnoException).code === "EEXIST") return readStored(file)!;
      throw inner;
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** A file written by an older version may lack a secret: add it, keeping every stored one. */
function addMissing(file: string, stored: StoredSecrets, name: SecretName): StoredSecrets {
  const next = { ...stored, [name]: newSecret() };
  fs.renameSync(writeTemp(file, next), file);
  return next;
}

export function getSecret(name: SecretName): string {
  const fromEnv = process.env[name];
  if (fromEnv) return fromEnv;
  if (cache?.[name]) return cache[name];
  if (process.env.VERCEL) {
    // A generated file would land on a read-only disk, and each function instance would sign
    // sessions with a secret of its own.
    throw new Error(
      `On Vercel, set AUTH_SECRET and ENCRYPTION_KEY (for example \`openssl rand -base64 32\` each): ${name} cannot be generated and kept on Vercel's read-only disk.`,
    );
  }
  const file = secretsFile();
  let stored = readStored(file) ?? createStored(file);
  if (!stored[name]) stored = addMissing(file, stored, name);
  cache = stored;
  return stored[name]!;
}

/** A key derived from AUTH_SECRET for one purpose, so one secret never serves two jobs. */
export function derivedKey(purpose: string): string {
  return crypto.createHmac("sha256", getSecret("AUTH_SECRET")).update(purpose).digest("base64url");
}
