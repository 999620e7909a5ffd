import { S3Client } from "@aws-sdk/client-s3";

export type WorkspaceStorageKind = "local" | "s3";

export type S3StorageConfig = {
  bucket: string;
  prefix: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  /** Absent: the AWS SDK's default credential chain (instance role, shared config, ...). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
};

export class StorageConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StorageConfigError";
  }
}

type Env = Record<string, string | undefined>;

/** WORKSPACE_STORAGE: "local" (default) or "s3". */
export function workspaceStorageKind(env: Env = process.env): WorkspaceStorageKind {
  const value = (env.WORKSPACE_STORAGE ?? "").trim().toLowerCase() || "local";
  if (value === "local" || value === "s3") return value;
  throw new StorageConfigError(`WORKSPACE_STORAGE must be "local" or "s3", not "${env.WORKSPACE_STORAGE}".`);
}

export function readS3StorageConfig(env: Env = process.env): S3StorageConfig {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    throw new StorageConfigError(
      "WORKSPACE_STORAGE=s3 requires S3_BUCKET (and usually S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).",
    );
  }
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint && !/^https?:\/\/[^/]/.test(endpoint))
    throw new StorageConfigError(`S3_ENDPOINT must be an http(s) URL, not "${endpoint}".`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId !== !secretAccessKey) {
    throw new StorageConfigError(
      "Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the AWS default credentials.",
    );
  }
  const prefix = (env.S3_PREFIX?.trim() || "workspaces").replace(/^\/+|\/+$/g, "");
  if (prefix.split("/").some((s) => s === "" || s === "." || s === "..")) {
    throw new StorageConfigError(`S3_PREFIX must be a plain key prefix such as "workspaces", not "${env.S3_PREFIX}".`);
  }
  return {
    bucket,
    prefix,
    region: env.S3_REGION?.trim() || "us-east-1",
    endpoint,
    forcePathStyle: parseFlag("S3_FORCE_PATH_STYLE", env.S3_FORCE_PATH_STYLE) ?? Boolean(endpoint),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
  };
}

/**
 * Fails fast at startup when object storage is selected but misconfigured, or when workspaces
 * would go to a local disk on Vercel (read-only, and not shared between function instances).
 */
export function assertWorkspaceStorageConfig(env: Env = process.env): void {
  if (workspaceStorageKind(env) === "s3") readS3StorageConfig(env);
  else if (env.VERCEL) {
    throw new StorageConfigError(
      "On Vercel, set WORKSPACE_STORAGE=s3 and S3_BUCKET (with S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY for a non-AWS service): workspaces cannot be kept on Vercel's read-only disk.",
    );
  }
}

function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Many S3-compatible servers reject the SDK's newer default CRC checksums on every request.
    ...(config.endpoint
      ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" }
      : {}),
  });
}

const shared = globalThis as typeof globalThis & {
  __meridianWorkspaceS3?: { config: S3StorageConfig; client: S3Client };
};

/** The process-wide client and settings for workspace object storage (one S3Client per process). */
export function workspaceS3(): { config: S3StorageConfig; client: S3Client } {
  if (!shared.__meridianWorkspaceS3) {
    const config = readS3StorageConfig();
    shared.__meridianWorkspaceS3 = { config, client: createS3Client(config) };
  }
  return shared.__meridianWorkspaceS3;
}

function parseFlag(name: string, value: string | undefined): boolean | undefined {
  const v = value?.trim().toLowerCase();
  if (!v) return undefined;
  if (["1", "true", "yes"].includes(v)) return true;
  if (["0", "false", "no"].includes(v)) return false;
  throw new StorageConfigError(`${name} must be true or false, not "${value}".`);
}
