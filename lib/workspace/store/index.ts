import { userWorkspaceDir } from "../paths";
import { createLocalStore } from "./local";
import { withQuota, workspaceQuotaBytes } from "./quota";
import { createS3Store } from "./s3";
import { workspaceS3, workspaceStorageKind } from "./s3-config";
import type { WorkspaceStore } from "./types";

/**
 * The store behind one user's /home/gem/user-data: a local directory unless object storage is
 * configured. Every write of the user's files (uploads, the workspace API, agent tools, offloaded
 * tool results, skills) passes through here, so the quota is enforced once, for all of them.
 */
export function getUserStore(userId: string): WorkspaceStore {
  const quotaBytes = workspaceQuotaBytes();
  if (workspaceStorageKind() === "s3") {
    const { client, config } = workspaceS3();
    const store = createS3Store({ userId, bucket: config.bucket, prefix: config.prefix, client });
    return withQuota(store, { key: `s3:${config.bucket}/${config.prefix}/${userId}`, quotaBytes });
  }
  const root = userWorkspaceDir(userId);
  return withQuota(createLocalStore(root), { key: `local:${root}`, quotaBytes });
}
