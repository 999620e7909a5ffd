import { z } from "zod";

/** `:id` of the provider routes; an unknown id answers 404 from the data access. */
export const ProviderParams = z.object({ id: z.string().min(1).max(100) });
