import {
  expect,
  test,
  request as playwrightRequest,
  type APIRequestContext,
  type APIResponse,
  type BrowserContext,
  type Page,
} from "@playwright/test";

/** The superadmin the e2e server is started with (playwright.config.ts sets these env vars). */
export const ADMIN = {
  username: process.env.ADMIN_USERNAME || "admin",
  password: process.env.ADMIN_PASSWORD || "admin-password-1",
};

export type CreatedUser = {
  id: string;
  username: string;
  displayName: string;
  role: "superadmin" | "admin" | "user";
  departmentId: string | null;
  password: string;
};

let counter = 0;
/** A username no other test (or earlier run against the same server) has used. */
export function uniqueUsername(prefix = "e2e"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid.toString(36)}-${counter}`;
}

export async function csrfToken(api: APIRequestContext): Promise<string> {
  const res = await api.get("/api/auth/csrf");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { csrfToken: string }).csrfToken;
}

/**
 * One credentials sign-in attempt exactly as docs/API.md ("/api/auth") describes it. Returns the raw response
 * (a 302 to the callback URL on success, to /login?error=CredentialsSignin&code=... on failure).
 */
export async function attemptSignIn(api: APIRequestContext, username: string, password: string): Promise<APIResponse> {
  const token = await csrfToken(api);
  return api.post("/api/auth/callback/credentials", {
    form: { csrfToken: token, username, password, json: "true" },
    maxRedirects: 0,
  });
}

/** The `code` of a failed sign-in (invalid_credentials, account_locked), or null on success. */
export function signInErrorCode(res: APIResponse): string | null {
  const location = res.headers()["location"];
  if (!location) return null;
  return new URL(location).searchParams.get("code");
}

/** A new request context (own cookie jar) signed in as `username`. Dispose it when done. */
export async function signIn(baseURL: string, username: string, password: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const res = await attemptSignIn(api, username, password);
  expect(res.status(), `sign-in of ${username} should redirect`).toBe(302);
  expect(signInErrorCode(res), `sign-in of ${username} failed`).toBeNull();
  const session = await (await api.get("/api/auth/session")).json();
  expect(session.user?.name, `no session after signing in ${username}`).toBeTruthy();
  return api;
}

export function signInAsAdmin(baseURL: string): Promise<APIRequestContext> {
  return signIn(baseURL, ADMIN.username, ADMIN.password);
}

/** Creates a user through POST /api/admin/users with `admin` (a signed-in admin context). */
export async function createUser(
  admin: APIRequestContext,
  input: {
    username?: string;
    password?: string;
    displayName?: string;
    role?: "admin" | "user";
    departmentId?: string | null;
  } = {},
): Promise<CreatedUser> {
  const body = { username: uniqueUsername(), password: "user-password-1", ...input };
  const res = await admin.post("/api/admin/users", { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return { ...((await res.json()) as Omit<CreatedUser, "password">), password: body.password };
}

/** The session cookie of a context, e.g. to replay it after sign-out. */
export async function sessionCookie(api: APIRequestContext): Promise<{ name: string; value: string }> {
  const { cookies } = await api.storageState();
  const cookie = cookies.find((c) => c.name.endsWith("authjs.session-token"));
  if (!cookie) throw new Error("no session cookie in this context");
  return { name: cookie.name, value: cookie.value };
}

export async function signOut(api: APIRequestContext): Promise<APIResponse> {
  const token = await csrfToken(api);
  return api.post("/api/auth/signout", { form: { csrfToken: token }, maxRedirects: 0 });
}

type Credentials = { username: string; password: string };
type Cookies = Awaited<ReturnType<APIRequestContext["storageState"]>>["cookies"];

/** Session cookies by username, for this worker: each user signs in once (signInPage). */
const sessions = new Map<string, Promise<Cookies>>();

async function sessionCookies(user: Credentials): Promise<Cookies> {
  let cookies = sessions.get(user.username);
  if (!cookies) {
    const baseURL = test.info().project.use.baseURL!;
    cookies = signIn(baseURL, user.username, user.password).then(async (api) => {
      const { cookies: signedIn } = await api.storageState();
      await api.dispose();
      return signedIn;
    });
    cookies.catch(() => sessions.delete(user.username));
    sessions.set(user.username, cookies);
  }
  return cookies;
}

/**
 * Signs a browser context in as `user` (the superadmin unless told): a session made once per user
 * and worker through the API's sign-in, without rendering the login form, which only the specs
 * that test it use. A spec whose test ends this session (sign-out, a password
 * change) signs a user of its own in.
 */
export async function signInContext(context: BrowserContext, user: Credentials = ADMIN): Promise<void> {
  await context.addCookies(await sessionCookies(user));
}

/** signInContext for `page`'s context, then opens `path`: the chat unless told, waited for until it takes input. */
export async function signInPage(page: Page, user: Credentials = ADMIN, path = "/"): Promise<void> {
  await signInContext(page.context(), user);
  await page.goto(path);
  if (path === "/") await expect(page.getByTestId("composer-input")).toBeVisible();
}
