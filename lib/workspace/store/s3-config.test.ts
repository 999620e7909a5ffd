import { describe, expect, it } from "vitest";
import { assertWorkspaceStorageConfig, StorageConfigError } from "./s3-config";

describe("workspace storage on Vercel", () => {
  it("refuses local workspaces: the disk is read-only and not shared between instances", () => {
    expect(() => assertWorkspaceStorageConfig({ VERCEL: "1" })).toThrow(StorageConfigError);
    expect(() => assertWorkspaceStorageConfig({ VERCEL: "1", WORKSPACE_STORAGE: "local" })).toThrow(
      /On Vercel, set WORKSPACE_STORAGE=s3 and S3_BUCKET/,
    );
  });

  it("accepts object storage, and still names a missing bucket", () => {
    expect(() => assertWorkspaceStorageConfig({ VERCEL: "1", WORKSPACE_STORAGE: "s3", S3_BUCKET: "b" })).not.toThrow();
    expect(() => assertWorkspaceStorageConfig({ VERCEL: "1", WORKSPACE_STORAGE: "s3" })).toThrow(/requires S3_BUCKET/);
  });

  it("leaves local workspaces alone off Vercel", () => {
    expect(() => assertWorkspaceStorageConfig({})).not.toThrow();
  });
});
