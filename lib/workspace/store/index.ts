import { userWorkspaceDir } from "../paths";
import { createLocalStore } from "./local";
import { createS3Store } from "./s3";
import { workspaceS3, workspaceStorageKind } from "./s3-config";
import type { WorkspaceStore } from "./types";

/** The store behind one user's /home/gem/user-data: a local directory unless object storage is configured. */
export function getUserStore(userId: string): WorkspaceStore {
  if (workspaceStorageKind() === "s3") {
    const { client, config } = workspaceS3();
    return createS3Store({ userId, bucket: config.bucket, prefix: config.prefix, client });
  }
  return createLocalStore(userWorkspaceDir(userId));
}
