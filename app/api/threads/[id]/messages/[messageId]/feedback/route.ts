import { z } from "zod";
import { route } from "@/lib/api/route";
import { rateAnswer } from "@/lib/db/message-feedback";

export const dynamic = "force-dynamic";

const params = z.object({ id: z.string().min(1).max(200), messageId: z.string().min(1).max(200) });
const body = z.object({ rating: z.enum(["up", "down"]) });

/** Thumbs up or down on one of the chat's answers (replaces the user's earlier rating): `{rating}`. */
export const PUT = route({ params, body }, async ({ actor, params, body }) => ({
  rating: await rateAnswer(actor, params.id, params.messageId, body.rating),
}));

/** Takes the user's rating back: `{rating: null}`. */
export const DELETE = route({ params }, async ({ actor, params }) => ({
  rating: await rateAnswer(actor, params.id, params.messageId, null),
}));
