import { expect, test, request as playwrightRequest } from "../test";
import { attemptSignIn, createUser, signIn, signInAsAdmin, signInErrorCode } from "../helpers/auth";
import { bearerContext, createDepartment, createToken, expectError } from "../helpers/org";
import { mock, scriptMarker, sendChat } from "../helpers/chat";

/** Personal API tokens over real HTTP (docs/API.md, "/api/tokens"). */

test("a user's token works as Bearer, is listed without its secret, and is 401 once revoked", async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  const user = await createUser(admin);
  const api = await signIn(baseURL!, user.username, user.password);

  const res = await api.post("/api/tokens", { data: { name: "laptop-script", expiresInDays: 30 } });
  expect(res.status()).toBe(201);
  const created = (await res.json()) as { id: string; name: string; token: string; prefix: string; expiresAt: string };
  expect(created).toMatchObject({ name: "laptop-script", token: expect.stringMatching(/^mrd_[A-Za-z0-9_-]{43}$/) });
  expect(created.token.startsWith(created.prefix)).toBe(true);

  const bearer = await bearerContext(baseURL!, created.token);
  const threads = await bearer.get("/api/threads");
  expect(threads.status()).toBe(200);
  expect(Array.isArray(await threads.json())).toBe(true);
  // The token acts as its owner: a thread it creates is the user's.
  const made = await bearer.post("/api/threads", { data: {} });
  expect(made.status()).toBe(201);
  const { id: threadId } = (await made.json()) as { id: string };
  expect((await api.get(`/api/threads/${threadId}`)).status()).toBe(200);

  const listText = await (await api.get("/api/tokens")).text();
  const list = JSON.parse(listText) as Array<Record<string, unknown>>;
  const row = list.find((t) => t.id === created.id)!;
  expect(Object.keys(row).sort()).toEqual(["createdAt", "expiresAt", "id", "lastUsedAt", "name", "prefix"]);
  expect(row.lastUsedAt).not.toBeNull();
  expect(listText).not.toContain(created.token);
  expect(listText).not.toContain(created.token.slice(created.prefix.length));

  expect((await api.delete(`/api/tokens/${created.id}`)).status()).toBe(204);
  await expectError(await bearer.get("/api/threads"), 401, "unauthorized:auth");
  await expectError(await api.delete(`/api/tokens/${created.id}`), 404, "not_found:token");
  await Promise.all([admin.dispose(), api.dispose(), bearer.dispose()]);
});

test("a user's token gets 403 on admin routes; an admin's token reaches them", async ({ baseURL }) => {
  const root = await signInAsAdmin(baseURL!);
  const dept = await createDepartment(root);
  const admin = await createUser(root, { role: "admin", departmentId: dept.id });
  const member = await createUser(root, { departmentId: dept.id });
  const adminApi = await signIn(baseURL!, admin.username, admin.password);
  const memberApi = await signIn(baseURL!, member.username, member.password);

  const memberBearer = await bearerContext(baseURL!, (await createToken(memberApi)).token);
  const adminBearer = await bearerContext(baseURL!, (await createToken(adminApi)).token);
  await expectError(await memberBearer.get("/api/admin/users"), 403, "forbidden:auth");
  await expectError(
    await memberBearer.post("/api/admin/users", { data: { username: "via-token", password: "password-123" } }),
    403,
    "forbidden:auth",
  );

  const users = await adminBearer.get("/api/admin/users");
  expect(users.status()).toBe(200);
  expect(((await users.json()) as Array<{ id: string }>).map((u) => u.id)).toContain(member.id);

  // The token follows its owner's current role: demoted, the admin's token loses admin routes.
  expect((await root.patch(`/api/admin/users/${admin.id}`, { data: { role: "user" } })).status()).toBe(200);
  await expectError(await adminBearer.get("/api/admin/users"), 403, "forbidden:auth");
  await Promise.all([
    root.dispose(),
    adminApi.dispose(),
    memberApi.dispose(),
    memberBearer.dispose(),
    adminBearer.dispose(),
  ]);
});

test("a token cannot mint tokens, skips the Origin check, and dies with its disabled owner", async ({ baseURL }) => {
  const root = await signInAsAdmin(baseURL!);
  const user = await createUser(root);
  const api = await signIn(baseURL!, user.username, user.password);
  const { token } = await createToken(api);
  const bearer = await bearerContext(baseURL!, token);

  await expectError(await bearer.post("/api/tokens", { data: { name: "child" } }), 403, "forbidden:token");
  const crossSite = await bearer.post("/api/threads", { data: {}, headers: { origin: "https://elsewhere.example" } });
  expect(crossSite.status()).toBe(201);

  expect((await root.patch(`/api/admin/users/${user.id}`, { data: { disabled: true } })).status()).toBe(200);
  await expectError(await bearer.get("/api/threads"), 401, "unauthorized:auth");
  await expectError(await api.get("/api/threads"), 401, "unauthorized:auth");
  await Promise.all([root.dispose(), api.dispose(), bearer.dispose()]);
});

test("malformed and unknown tokens are 401, and never fall back to a cookie", async ({ baseURL }) => {
  const root = await signInAsAdmin(baseURL!);
  const cookies = await root.storageState();
  const mixed = await playwrightRequest.newContext({
    baseURL,
    storageState: cookies,
    extraHTTPHeaders: { authorization: `Bearer mrd_${"A".repeat(43)}` },
  });
  await expectError(await mixed.get("/api/admin/users"), 401, "unauthorized:auth");
  const garbage = await bearerContext(baseURL!, "not-a-token");
  await expectError(await garbage.get("/api/threads"), 401, "unauthorized:auth");
  await Promise.all([root.dispose(), mixed.dispose(), garbage.dispose()]);
});

test.describe("a token cannot take over its account", () => {
  test("an admin's token cannot create users, set passwords or mint tokens; nothing changes", async ({ baseURL }) => {
    const root = await signInAsAdmin(baseURL!);
    const dept = await createDepartment(root);
    const admin = await createUser(root, { role: "admin", departmentId: dept.id });
    const member = await createUser(root, { departmentId: dept.id });
    const adminApi = await signIn(baseURL!, admin.username, admin.password);
    const bearer = await bearerContext(baseURL!, (await createToken(adminApi)).token);

    const username = `via-token-${Date.now()}`;
    await expectError(
      await bearer.post("/api/admin/users", { data: { username, password: "password-123" } }),
      403,
      "forbidden:token",
    );
    await expectError(
      await bearer.patch(`/api/admin/users/${admin.id}`, {
        data: { password: "taken-over-1", currentPassword: admin.password },
      }),
      403,
      "forbidden:token",
    );
    await expectError(
      await bearer.patch(`/api/admin/users/${member.id}`, { data: { password: "taken-over-1" } }),
      403,
      "forbidden:token",
    );
    await expectError(await bearer.post("/api/tokens", { data: { name: "child" } }), 403, "forbidden:token");

    // Other edits still work with a token; and nothing above happened.
    expect(
      (await bearer.patch(`/api/admin/users/${member.id}`, { data: { displayName: "Renamed by script" } })).status(),
    ).toBe(200);
    const users = (await (await adminApi.get("/api/admin/users")).json()) as Array<{ username: string }>;
    expect(users.map((u) => u.username)).not.toContain(username);
    const check = await Promise.all([
      signIn(baseURL!, admin.username, admin.password),
      signIn(baseURL!, member.username, member.password),
    ]);
    expect((await bearer.get("/api/threads")).status()).toBe(200);
    await Promise.all([root.dispose(), adminApi.dispose(), bearer.dispose(), ...check.map((c) => c.dispose())]);
  });

  test("changing one's own password needs the current one, and signs out everything but this session", async ({
    baseURL,
  }) => {
    const root = await signInAsAdmin(baseURL!);
    const dept = await createDepartment(root);
    const admin = await createUser(root, { role: "admin", departmentId: dept.id });
    const here = await signIn(baseURL!, admin.username, admin.password);
    const elsewhere = await signIn(baseURL!, admin.username, admin.password);
    const bearer = await bearerContext(baseURL!, (await createToken(here)).token);
    const url = `/api/admin/users/${admin.id}`;

    await expectError(await here.patch(url, { data: { password: "new-password-1" } }), 400, "bad_request:password");
    await expectError(
      await here.patch(url, { data: { password: "new-password-1", currentPassword: "not-it" } }),
      403,
      "forbidden:password",
    );
    expect((await bearer.get("/api/threads")).status()).toBe(200); // refusals revoke nothing

    const ok = await here.patch(url, { data: { password: "new-password-1", currentPassword: admin.password } });
    expect(ok.status(), await ok.text()).toBe(200);
    expect((await here.get("/api/threads")).status()).toBe(200);
    await expectError(await elsewhere.get("/api/threads"), 401, "unauthorized:auth");
    await expectError(await bearer.get("/api/threads"), 401, "unauthorized:auth");

    const api = await playwrightRequest.newContext({ baseURL });
    expect(signInErrorCode(await attemptSignIn(api, admin.username, admin.password))).toBe("invalid_credentials");
    const fresh = await signIn(baseURL!, admin.username, "new-password-1");
    await Promise.all([
      root.dispose(),
      here.dispose(),
      elsewhere.dispose(),
      bearer.dispose(),
      api.dispose(),
      fresh.dispose(),
    ]);
  });

  test("an admin setting a user's password revokes that user's sessions and tokens", async ({ baseURL }) => {
    const root = await signInAsAdmin(baseURL!);
    const user = await createUser(root);
    const api = await signIn(baseURL!, user.username, user.password);
    const bearer = await bearerContext(baseURL!, (await createToken(api)).token);

    expect((await root.patch(`/api/admin/users/${user.id}`, { data: { password: "reset-by-admin-1" } })).status()).toBe(
      200,
    );
    await expectError(await api.get("/api/threads"), 401, "unauthorized:auth");
    await expectError(await bearer.get("/api/threads"), 401, "unauthorized:auth");
    expect((await root.get("/api/threads")).status()).toBe(200); // the admin's own session stays
    await Promise.all([root.dispose(), api.dispose(), bearer.dispose()]);
  });
});

test("a token regenerates and edits its owner's chat, and gets 404 on another user's", async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  const [alice, bob] = [await createUser(admin), await createUser(admin)];
  const aliceApi = await signIn(baseURL!, alice.username, alice.password);
  const bobApi = await signIn(baseURL!, bob.username, bob.password);
  const aliceBearer = await bearerContext(baseURL!, (await createToken(aliceApi)).token);
  const bobBearer = await bearerContext(baseURL!, (await createToken(bobApi)).token);
  const key = `token-rerun-${Date.now()}`;
  await mock.script(key, [{ text: "first" }, { text: "again" }]);
  const threadId = crypto.randomUUID();
  const chat = await sendChat(aliceApi, threadId, `Hello ${scriptMarker(key)}`);
  const regenerate = { id: threadId, message: chat.message, trigger: "regenerate-message", messageId: chat.answerId };
  const edit = {
    id: threadId,
    message: { ...chat.message, parts: [{ type: "text", text: "edited" }] },
    messageId: chat.message.id,
  };

  await expectError(await bobBearer.post("/api/chat", { data: regenerate }), 404, "not_found:message");
  await expectError(await bobBearer.post("/api/chat", { data: edit }), 404, "not_found:message");
  const unchanged = (await (await aliceApi.get(`/api/threads/${threadId}`)).json()) as { messages: { id: string }[] };
  expect(unchanged.messages.map((m) => m.id)).toEqual([chat.message.id, chat.answerId]);

  const res = await aliceBearer.post("/api/chat", { data: regenerate });
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain("again");
  await Promise.all([admin, aliceApi, bobApi, aliceBearer, bobBearer].map((c) => c.dispose()));
});
