import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "./env";

/**
 * Secrets the server needs. Taken from the environment when given; otherwise generated on
 * first start and kept in DATA_DIR/secrets.json (mode 0600) so restarts keep sessions valid.
 */
export type SecretName = "AUTH_SECRET" | "ENCRYPTION_KEY";

let cache: Partial<Record<SecretName, string>> | undefined;

function secretsFile() {
  return path.join(dataDir(), "secrets.json");
}

function readStored(): Partial<Record<SecretName, string>> {
  try {
    return JSON.parse(fs.readFileSync(secretsFile(), "utf8"));
  } catch {
    return {};
  }
}

export function getSecret(name: SecretName): string {
  const fromEnv = process.env[name];
  if (fromEnv) return fromEnv;
  cache ??= readStored();
  if (cache[name]) return cache[name]!;
  const stored = readStored();
  if (!stored[name]) {
    stored[name] = crypto.randomBytes(32).toString("base64url");
    fs.mkdirSync(dataDir(), { recursive: true });
    const tmp = `${secretsFile()}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(stored, null, 2), { mode: 0o600 });
    fs.renameSync(tmp, secretsFile());
  }
  cache = stored;
  return stored[name]!;
}

/** A key derived from AUTH_SECRET for one purpose, so one secret never serves two jobs. */
export function derivedKey(purpose: string): string {
  return crypto.createHmac("sha256", getSecret("AUTH_SECRET")).update(purpose).digest("base64url");
}
