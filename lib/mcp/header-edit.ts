import { z } from "zod";

/** What an admin may send as an MCP server's headers: checked by the routes and the server form. */

/** Headers the transports set themselves; letting a config override them breaks the protocol. */
const RESERVED = new Set([
  "accept",
  "content-type",
  "content-length",
  "host",
  "connection",
  "mcp-session-id",
  "mcp-protocol-version",
  "last-event-id",
]);

export const headerEditSchema = z
  .array(
    z.object({
      name: z
        .string()
        .trim()
        .refine((n) => /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/.test(n), {
          message: "Not a valid header name",
          params: { i18n: "headerName" },
        })
        .refine((n) => !RESERVED.has(n.toLowerCase()), {
          message: "This header is set by the MCP transport itself",
          params: { i18n: "headerReserved" },
        }),
      value: z
        .string()
        .max(4096)
        .refine((v) => /^[^\r\n\0]*$/.test(v), {
          message: "Header values cannot contain line breaks",
          params: { i18n: "headerValueLines" },
        })
        .optional(),
    }),
  )
  .max(20)
  .refine((list) => new Set(list.map((h) => h.name.toLowerCase())).size === list.length, {
    message: "Each header may appear once",
    params: { i18n: "headerTwice" },
  });
export type HeaderEdit = z.infer<typeof headerEditSchema>;
