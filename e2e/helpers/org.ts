import { expect, request as playwrightRequest, type APIRequestContext, type APIResponse } from "@playwright/test";
import type { ErrorBody, ErrorCode } from "../../lib/errors/error-codes";

/** Organisation helpers for the e2e suite: departments and API tokens over HTTP. */

export type Department = { id: string; name: string; description: string; userCount: number };

export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

export async function createDepartment(admin: APIRequestContext, name = uniqueName("dept")): Promise<Department> {
  const res = await admin.post("/api/admin/departments", { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Department;
}

/** Creates a personal API token for the signed-in context and returns the secret. */
export async function createToken(
  api: APIRequestContext,
  name = uniqueName("token"),
): Promise<{ id: string; token: string }> {
  const res = await api.post("/api/tokens", { data: { name } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; token: string };
}

/** A context with no cookies that authenticates with `Authorization: Bearer <token>` only. */
export function bearerContext(baseURL: string, token: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token}` } });
}

export async function expectError(res: APIResponse, status: number, code: ErrorCode): Promise<string> {
  expect(res.status(), await res.text()).toBe(status);
  const body = (await res.json()) as ErrorBody;
  expect(body).toEqual({ error: { code, message: expect.any(String) } });
  return body.error.message;
}
