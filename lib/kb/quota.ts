import { ApiError } from "@/lib/errors/api-error";
import { formatBytes } from "@/lib/i18n/format-bytes";
import type { KbUsage } from "@/lib/db/kb-usage";
import { positiveIntFromEnv } from "@/lib/config/env-number";

const GiB = 1024 * 1024 * 1024;

/**
 * What knowledge bases may hold (README "Limits"), like the workspace quota: uploaded bytes per
 * user across every knowledge base and per knowledge base, and documents one user may have waiting
 * for ingestion. Checked before an upload is stored and again, under a lock, when it is recorded.
 */
export type KbQuota = { userBytes: number; kbBytes: number; userQueued: number };

const DEFAULT_KB_QUOTA: KbQuota = { userBytes: 2 * GiB, kbBytes: 2 * GiB, userQueued: 500 };

function kbQuota(): KbQuota {
  return {
    userBytes: positiveIntFromEnv("KB_QUOTA_BYTES_PER_USER", DEFAULT_KB_QUOTA.userBytes),
    kbBytes: positiveIntFromEnv("KB_QUOTA_BYTES_PER_KB", DEFAULT_KB_QUOTA.kbBytes),
    userQueued: positiveIntFromEnv("USER_MAX_QUEUED_INGESTIONS", DEFAULT_KB_QUOTA.userQueued),
  };
}

/** Refuses an upload of `documents` totalling `bytes` that would pass a quota (413) or the queue (429). */
export function admitKbUpload(usage: KbUsage, adding: { bytes: number; documents: number }, quota = kbQuota()): void {
  const over = (used: number, limit: number) => used + adding.bytes > limit;
  const free = (used: number, limit: number) => formatBytes(Math.max(0, limit - used));
  if (over(usage.userBytes, quota.userBytes))
    throw new ApiError(
      "too_large:kb",
      `Your knowledge-base documents would pass your quota: ${formatBytes(usage.userBytes)} used of ${formatBytes(quota.userBytes)}, ${free(usage.userBytes, quota.userBytes)} free; this upload needs ${formatBytes(adding.bytes)}. Delete documents you no longer need, then try again.`,
    );
  if (over(usage.kbBytes, quota.kbBytes))
    throw new ApiError(
      "too_large:kb",
      `This knowledge base would pass its quota: ${formatBytes(usage.kbBytes)} used of ${formatBytes(quota.kbBytes)}, ${free(usage.kbBytes, quota.kbBytes)} free; this upload needs ${formatBytes(adding.bytes)}.`,
    );
  if (usage.userQueued + adding.documents > quota.userQueued)
    throw new ApiError(
      "rate_limited:kb",
      `You have ${usage.userQueued} documents waiting to be read; at most ${quota.userQueued} may wait at once. Try again when some are indexed.`,
      { "Retry-After": "30" },
    );
}
