import { z } from "zod";
import type { KbChunking } from "@/lib/db/kb-schema";

/** The general preset (for what a knowledge base leaves unset): 512-token chunks overlapping by 64 tokens. */
export const DEFAULT_CHUNKING: Required<KbChunking> = {
  chunkSize: 512,
  chunkOverlap: 64,
  separators: ["\n\n", "\n", "。", ". ", "！", "? ", "？", "; ", "；", "，", ", ", " "],
};

export const chunkingSchema = z
  .object({
    chunkSize: z.number().int().min(64).max(4096).optional(),
    chunkOverlap: z.number().int().min(0).max(1024).optional(),
    separators: z.array(z.string().min(1).max(16)).max(32).optional(),
  })
  .strict()
  .refine((c) => (c.chunkOverlap ?? 0) < (c.chunkSize ?? DEFAULT_CHUNKING.chunkSize) / 2, {
    message: "chunkOverlap must be less than half of chunkSize",
    path: ["chunkOverlap"],
  });

/** A stored value with the preset filling what it leaves out. */
export function effectiveChunking(stored: KbChunking | null | undefined): Required<KbChunking> {
  return {
    chunkSize: stored?.chunkSize ?? DEFAULT_CHUNKING.chunkSize,
    chunkOverlap: stored?.chunkOverlap ?? DEFAULT_CHUNKING.chunkOverlap,
    separators: stored?.separators?.length ? stored.separators : DEFAULT_CHUNKING.separators,
  };
}
