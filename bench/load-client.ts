/**
 * The load bench's HTTP client, as docs/API.md describes the API: credentials sign-in with a cookie
 * jar, users made by the admin, Bearer tokens, and one timed POST /api/chat.
 */

type Jar = Map<string, string>;

function remember(jar: Jar, res: Response): void {
  for (const cookie of res.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const eq = pair.indexOf("=");
    jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
}

const cookieHeader = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

/**
 * A signed-in session: `call` sends its cookie and the same-origin header a browser would; a
 * `form` is sent as multipart (uploads), any other body as JSON.
 */
export type Session = {
  call(path: string, init?: { method?: string; body?: unknown; form?: FormData }): Promise<Response>;
};

export async function signIn(appUrl: string, username: string, password: string): Promise<Session> {
  const jar: Jar = new Map();
  const csrfRes = await fetch(`${appUrl}/api/auth/csrf`);
  remember(jar, csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${appUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, username, password, json: "true" }),
  });
  remember(jar, res);
  if (![...jar.keys()].some((name) => name.endsWith("authjs.session-token"))) {
    throw new Error(`sign-in of ${username} failed: ${res.status} ${res.headers.get("location") ?? ""}`);
  }
  return {
    call: (path, init = {}) =>
      fetch(`${appUrl}${path}`, {
        method: init.method ?? (init.form ? "POST" : "GET"),
        headers: {
          cookie: cookieHeader(jar),
          origin: appUrl,
          ...(init.form ? {} : { "content-type": "application/json" }),
        },
        body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      }),
  };
}

async function expectJson<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** `count` new users, each signed in once to mint the Bearer token the bench chats with. */
export async function benchTokens(appUrl: string, admin: Session, count: number): Promise<string[]> {
  const tokens: string[] = [];
  const stamp = Date.now().toString(36);
  for (let i = 0; i < count; i += 1) {
    const user = { username: `load-${stamp}-${i}`, password: "load-password-1" };
    await expectJson(await admin.call("/api/admin/users", { method: "POST", body: user }), "create user");
    const session = await signIn(appUrl, user.username, user.password);
    const body = { name: "load-bench" };
    const created = await expectJson<{ token: string }>(
      await session.call("/api/tokens", { method: "POST", body }),
      "create token",
    );
    tokens.push(created.token);
  }
  return tokens;
}

export type ChatTiming = {
  threadId: string;
  /** Epoch ms, to line up with the model's request log. */
  startedAt: number;
  firstTextMs: number | null;
  totalMs: number;
  error: string | null;
};

/**
 * Sends one message to a new thread and reads the UI message stream to its end. Times are from
 * the request's start; an error is a non-2xx answer, an `error` chunk, a broken stream or no `finish`.
 */
export async function timedChat(appUrl: string, token: string, threadId: string, text: string): Promise<ChatTiming> {
  const startedAt = Date.now();
  const started = performance.now();
  const since = () => performance.now() - started;
  let firstTextMs: number | null = null;
  let finished = false;
  let error: string | null = null;
  try {
    const res = await fetch(`${appUrl}/api/chat`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({
        id: threadId,
        message: { id: `m-${crypto.randomUUID()}`, role: "user", parts: [{ type: "text", text }] },
      }),
    });
    if (!res.ok || !res.body)
      return { threadId, startedAt, firstTextMs, totalMs: since(), error: `HTTP ${res.status}` };
    const decoder = new TextDecoder();
    let pending = "";
    const reader = res.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      pending += decoder.decode(read.value, { stream: true });
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.startsWith("data: ") || line === "data: [DONE]") continue;
        const chunk = JSON.parse(line.slice(6)) as { type: string; errorText?: string };
        if (chunk.type === "text-delta" && firstTextMs === null) firstTextMs = since();
        if (chunk.type === "error") error ??= `stream error: ${chunk.errorText ?? "?"}`;
        if (chunk.type === "finish") finished = true;
      }
    }
  } catch (caught) {
    error ??= `broken stream: ${(caught as Error).message}`;
  }
  if (!error && !finished) error = "no finish chunk";
  if (!error && firstTextMs === null) error = "no text";
  return { threadId, startedAt, firstTextMs, totalMs: since(), error };
}
