import { z } from "zod";

/** A server's name is the prefix of its tools' names, so it is kept to what tool names allow. */
export const mcpServerNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, "Use 1-32 letters, digits, - and _ (starting with a letter or digit)");
