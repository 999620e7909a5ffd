import type { MeridianUIMessage } from "@/components/api/types";

export type Rating = "up" | "down";

/** What a message's metadata says about it: the model asked, when it was written, the user's rating. */
export type MessageMeta = { modelSpec?: string; createdAt?: string; feedback?: Rating };

export function metaOf(message: MeridianUIMessage): MessageMeta {
  const raw = (message.metadata ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);
  return {
    modelSpec: text(raw.modelSpec),
    createdAt: text(raw.createdAt),
    feedback: raw.feedback === "up" || raw.feedback === "down" ? raw.feedback : undefined,
  };
}
