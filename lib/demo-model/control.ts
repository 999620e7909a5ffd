import { z } from "zod";
import { errorResponse } from "./faults";
import type { RequestLog } from "./request-log";
import { describeIssues } from "./request-schema";
import type { ScriptRegistry } from "./scripts";
import { turnsSchema } from "./turns";

export const CONTROL_PREFIX = "/__mock";

const scriptOptionsSchema = z.strictObject({ rejectImages: z.boolean().optional() });
const scriptBodySchema = z.strictObject({
  key: z.string().min(1),
  turns: turnsSchema,
  options: scriptOptionsSchema.optional(),
});

type ControlState = { scripts: ScriptRegistry; log: RequestLog; reset(): void };

/**
 * The test-only control API (standalone server only; never mounted in the app):
 *   POST   /__mock/scripts        {key, turns, options?}  registers (replaces) a script
 *                                  (options.rejectImages: 400 for any request with an image)
 *   GET    /__mock/scripts                      [{key, turns, served, remaining}]
 *   DELETE /__mock/scripts/:key                 removes one
 *   GET    /__mock/requests?key=                the request log, optionally for one key
 *   POST   /__mock/reset                        scripts, log and prefix cache cleared
 */
export async function handleControl(req: Request, path: string, state: ControlState): Promise<Response> {
  const route = `${req.method} ${path}`;
  if (route === "POST /scripts") {
    const parsed = scriptBodySchema.safeParse(await readJson(req));
    if (!parsed.success) return errorResponse(400, { message: describeIssues(parsed.error) });
    state.scripts.set(parsed.data.key, parsed.data.turns, parsed.data.options);
    return Response.json({ key: parsed.data.key, turns: parsed.data.turns.length });
  }
  if (route === "GET /scripts") return Response.json(state.scripts.status());
  if (req.method === "DELETE" && path.startsWith("/scripts/")) {
    const key = decodeURIComponent(path.slice("/scripts/".length));
    return Response.json({ key, deleted: state.scripts.delete(key) });
  }
  if (route === "GET /requests") {
    const key = new URL(req.url).searchParams.get("key");
    return Response.json(state.log.list(key || undefined));
  }
  if (route === "POST /reset") {
    state.reset();
    return Response.json({ reset: true });
  }
  return errorResponse(404, { message: `Unknown control endpoint: ${route}` });
}

async function readJson(req: Request): Promise<unknown> {
  try {
    return await req.json();
  } catch {
    return undefined;
  }
}
