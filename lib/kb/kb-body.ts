import { z } from "zod";
import { sharingSchema } from "@/lib/sharing/types";
import { chunkingSchema } from "./chunking-settings";

/** The body of `POST /api/kbs`; `PATCH /api/kbs/:id` takes any part of it. */
export const kbBody = z
  .object({
    name: z.string().trim().min(1, "A knowledge base needs a name.").max(120),
    description: z.string().trim().max(2000).optional(),
    /** `provider_id:model_id` of an enabled embedding model; null or absent: keyword search only. */
    embeddingModel: z.string().trim().min(3).max(300).nullable().optional(),
    /** `provider_id:model_id` of the chat model that writes the mind map; null: the default chat model. */
    model: z.string().trim().min(3).max(300).nullable().optional(),
    /** `provider_id:model_id` of an enabled rerank model; null: results keep the retrieval order. */
    rerankModel: z.string().trim().min(3).max(300).nullable().optional(),
    chunking: chunkingSchema.optional(),
    sharing: sharingSchema.optional(),
  })
  .strict();

export type KbInput = z.infer<typeof kbBody>;
