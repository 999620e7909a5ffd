import { positiveIntFromEnv } from "@/lib/config/env-number";

const MiB = 1024 * 1024;

/** What a skill package (a zip upload or a set of files) may hold. */
export type SkillPackageLimits = {
  /** The zip file itself (env SKILL_ZIP_MAX_BYTES). */
  maxZipBytes: number;
  /** All files together, uncompressed (env SKILL_MAX_TOTAL_BYTES). */
  maxTotalBytes: number;
  /** Entries in the zip, folders included (env SKILL_MAX_ENTRIES). */
  maxEntries: number;
  /** One file, uncompressed (env SKILL_MAX_FILE_BYTES). */
  maxFileBytes: number;
};

export const DEFAULT_SKILL_LIMITS: SkillPackageLimits = {
  maxZipBytes: 10 * MiB,
  maxTotalBytes: 50 * MiB,
  maxEntries: 500,
  maxFileBytes: 10 * MiB,
};

/**
 * Entries above this size must not expand more than MAX_COMPRESSION_RATIO times: text and
 * images never do, a zip bomb always does.
 */
export const RATIO_CHECK_FROM_BYTES = 1 * MiB;
export const MAX_COMPRESSION_RATIO = 200;

export function skillPackageLimits(): SkillPackageLimits {
  return {
    maxZipBytes: positiveIntFromEnv("SKILL_ZIP_MAX_BYTES", DEFAULT_SKILL_LIMITS.maxZipBytes),
    maxTotalBytes: positiveIntFromEnv("SKILL_MAX_TOTAL_BYTES", DEFAULT_SKILL_LIMITS.maxTotalBytes),
    maxEntries: positiveIntFromEnv("SKILL_MAX_ENTRIES", DEFAULT_SKILL_LIMITS.maxEntries),
    maxFileBytes: positiveIntFromEnv("SKILL_MAX_FILE_BYTES", DEFAULT_SKILL_LIMITS.maxFileBytes),
  };
}
