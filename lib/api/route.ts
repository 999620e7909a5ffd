import { unstable_rethrow } from "next/navigation";
import { z } from "zod";
import type { Actor } from "@/lib/identity/actor";
import { requireActor } from "@/lib/auth/current-user";
import { ApiError, errorResponse } from "@/lib/errors/api-error";
import { FIELD_ISSUES_HEADER, describeIssues, fieldIssues } from "@/lib/errors/field-issues";
import { maxJsonBytes, readBodyCapped } from "@/lib/http/body-limit";
import { isCrossOriginWrite } from "./same-origin";

/** What Next passes for dynamic segments (Next 16: a Promise). */
type RouteParams = Record<string, string | string[] | undefined>;
export type RouteContext = { params: Promise<RouteParams> };

type Schema = z.ZodType;
type Parsed<S> = S extends Schema ? z.output<S> : undefined;

export type RouteSpec<A extends boolean, B, Q, P> = {
  /** Require a signed-in actor (default true). Public routes get `actor: null`. */
  auth?: A;
  body?: B;
  query?: Q;
  params?: P;
};

export type RouteInput<A extends boolean, B, Q, P> = {
  req: Request;
  actor: A extends false ? null : Actor;
  body: Parsed<B>;
  query: Parsed<Q>;
  params: P extends Schema ? z.output<P> : RouteParams;
};

/**
 * The one wrapper for route handlers: same-origin check on writes -> authenticate -> parse
 * query, body and params with zod -> run -> respond. A returned Response passes through,
 * other data is sent as JSON (undefined as 204), and every error becomes the typed error shape.
 */
export function route<
  A extends boolean = true,
  B extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  P extends Schema | undefined = undefined,
>(
  spec: RouteSpec<A, B, Q, P>,
  handler: (input: RouteInput<A, B, Q, P>) => unknown,
): (req: Request, ctx?: RouteContext) => Promise<Response> {
  return async (req, ctx) => {
    try {
      if (isCrossOriginWrite(req)) {
        throw new ApiError("forbidden:origin", "Cross-origin requests may not change data.");
      }
      const actor = spec.auth === false ? null : await requireActor(req);
      const rawParams: RouteParams = (await ctx?.params) ?? {};
      refuseCharacters(rawParams, CONTROL, "path", "a control character");
      const query = spec.query ? parse(spec.query, queryObject(req), "query") : undefined;
      const body = spec.body ? parse(spec.body, await jsonBody(req), "body") : undefined;
      const params = spec.params ? parse(spec.params, rawParams, "path") : rawParams;
      const result = await handler({ req, actor, body, query, params } as RouteInput<A, B, Q, P>);
      if (result instanceof Response) return result;
      if (result === undefined) return new Response(null, { status: 204 });
      return Response.json(result);
    } catch (err) {
      unstable_rethrow(err); // redirect(), notFound() and Next's dynamic-rendering signals
      return errorResponse(err, { fields: req.headers.get(FIELD_ISSUES_HEADER) === "1" });
    }
  };
}

function parse<S extends Schema>(schema: S, value: unknown, where: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError("bad_request:api", describeIssues(result.error, where), {}, fieldIssues(result.error));
  }
  return result.data;
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * No id or name in the path holds a control character (PostgreSQL cannot even store NUL: 400, not
 * 500). Query values are left to the routes: a `path` there has its own check and code (bad_request:path).
 */
function refuseCharacters(values: RouteParams, refused: RegExp, where: string, what: string): void {
  for (const [name, value] of Object.entries(values)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (v !== undefined && refused.test(v))
        throw new ApiError("bad_request:api", `Invalid ${where}: ${name} holds ${what}.`);
    }
  }
}

/** JSON text may escape NUL (\u0000), which no stored text can hold: such a body is refused whole. */
function parseJsonWithoutNul(text: string): unknown {
  if (!text.includes("\\u0000")) return JSON.parse(text);
  let found = false;
  const value = JSON.parse(text, (key, v: unknown) => {
    if (key.includes("\0") || (typeof v === "string" && v.includes("\0"))) found = true;
    return v;
  });
  if (found)
    throw new ApiError(
      "bad_request:api",
      "The request body holds a NUL character (\\u0000), which text may not contain.",
    );
  return value;
}

function queryObject(req: Request): Record<string, string> {
  return Object.fromEntries(new URL(req.url).searchParams);
}

async function jsonBody(req: Request): Promise<unknown> {
  if (!req.headers.get("content-type")?.toLowerCase().includes("application/json")) {
    throw new ApiError("bad_request:api", "Send the request body as JSON (Content-Type: application/json).");
  }
  // Capped before parsing: req.json() would buffer any size the client sends (413 too_large:body).
  const bytes = await readBodyCapped(req, maxJsonBytes());
  try {
    return parseJsonWithoutNul(bytes.toString("utf8"));
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw new ApiError("bad_request:api", "The request body is not valid JSON.");
  }
}
