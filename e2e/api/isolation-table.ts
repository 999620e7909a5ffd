/**
 * The isolation table: every API route and method, the four actors, and the status each must
 * get. `lib/http/isolation-coverage.test.ts` fails when a route file exports a method that is
 * not in this table, so new routes join it as they are added.
 *
 * Actors: `owner` — a plain user of department A who owns the thread, run, agent and token;
 * `otherUser` — another plain user of department A; `otherAdmin` — the admin of department B;
 * `anonymous` — no credentials. Admin-only resources in the fixtures belong to department A
 * or to the superadmin, so department B's admin must not reach them.
 */
export type IsolationActor = "owner" | "otherUser" | "otherAdmin" | "anonymous";
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export type Fixtures = {
  threadId: string;
  runId: string;
  agentId: string;
  /** A private knowledge base of the owner, with one indexed document. */
  kbId: string;
  kbDocumentId: string;
  tokenId: string;
  ownerUserId: string;
  departmentAId: string;
  providerId: string;
  mcpServerId: string;
  /** An MCP server of the superadmin that everyone may read (and use) but only the superadmin manages. */
  sharedMcpServerId: string;
};

export type IsolationCase = {
  /** The route's file path pattern under app/, e.g. /api/threads/[id]. */
  route: string;
  method: Method;
  /** Concrete URL for this case. */
  url: (f: Fixtures) => string;
  body?: (f: Fixtures) => unknown;
  /** A multipart body instead of JSON. */
  multipart?: (f: Fixtures) => Record<string, { name: string; mimeType: string; buffer: Buffer }>;
  expect: Record<IsolationActor, number>;
  /** Tells apart two cases of one route and method (it joins the test title). */
  label?: string;
  /** Routes outside the isolation model (public by design) say why. */
  publicBecause?: string;
};

const own = (owner: number): Record<IsolationActor, number> => ({
  owner,
  otherUser: 404,
  otherAdmin: 404,
  anonymous: 401,
});
const adminOnly = (otherAdmin: number): Record<IsolationActor, number> => ({
  owner: 403,
  otherUser: 403,
  otherAdmin,
  anonymous: 401,
});
const everyone = (status: number): Record<IsolationActor, number> => ({
  owner: status,
  otherUser: status,
  otherAdmin: status,
  anonymous: 401,
});
const msg = (text: string) => ({
  id: `iso-${Math.random().toString(36).slice(2)}`,
  role: "user",
  parts: [{ type: "text", text }],
});

export const ISOLATION_CASES: IsolationCase[] = [
  // Threads, chat and runs: the owner's alone.
  { route: "/api/threads", method: "GET", url: () => "/api/threads", expect: everyone(200) },
  { route: "/api/threads", method: "POST", url: () => "/api/threads", body: () => ({}), expect: everyone(201) },
  { route: "/api/threads/[id]", method: "GET", url: (f) => `/api/threads/${f.threadId}`, expect: own(200) },
  {
    route: "/api/threads/[id]",
    method: "PATCH",
    url: (f) => `/api/threads/${f.threadId}`,
    body: () => ({ title: "Renamed by the owner" }),
    expect: own(200),
  },
  { route: "/api/threads/[id]", method: "DELETE", url: (f) => `/api/threads/${f.threadId}`, expect: own(200) },
  { route: "/api/threads/[id]/state", method: "GET", url: (f) => `/api/threads/${f.threadId}/state`, expect: own(200) },
  {
    route: "/api/chat",
    method: "POST",
    url: () => "/api/chat",
    body: (f) => ({ id: f.threadId, message: msg("intrusion") }),
    expect: own(200),
  },
  {
    route: "/api/chat/[threadId]/stream",
    method: "GET",
    url: (f) => `/api/chat/${f.threadId}/stream`,
    expect: own(204),
  },
  // Conversation files: uploads and the workdir are the owner's alone. The fixture thread has
  // no files, so the owner's DELETE names the workdir itself (400) — others never get past 404.
  {
    route: "/api/threads/[id]/uploads",
    method: "POST",
    url: (f) => `/api/threads/${f.threadId}/uploads?name=iso-note.txt`,
    body: () => "isolation upload",
    expect: own(201),
  },
  { route: "/api/threads/[id]/files", method: "GET", url: (f) => `/api/threads/${f.threadId}/files`, expect: own(200) },
  {
    route: "/api/threads/[id]/files",
    method: "DELETE",
    url: (f) => `/api/threads/${f.threadId}/files?path=.`,
    expect: own(400),
  },
  // The personal workspace: every user reaches only their own (the same path in each).
  { route: "/api/workspace/files", method: "GET", url: () => "/api/workspace/files", expect: everyone(200) },
  {
    route: "/api/workspace/files",
    method: "PUT",
    url: () => "/api/workspace/files?path=iso/note.txt",
    body: () => "isolation note",
    expect: everyone(200),
  },
  {
    route: "/api/workspace/files",
    method: "DELETE",
    url: () => "/api/workspace/files?path=iso/never-written.txt",
    expect: everyone(404),
  },
  { route: "/api/runs/[id]", method: "GET", url: (f) => `/api/runs/${f.runId}`, expect: own(200) },
  { route: "/api/runs/[id]/cancel", method: "POST", url: (f) => `/api/runs/${f.runId}/cancel`, expect: own(200) },
  // The fixture run is completed: its owner is told it waits for nothing (409), everyone else 404.
  {
    route: "/api/runs/[id]/resume",
    method: "POST",
    url: (f) => `/api/runs/${f.runId}/resume`,
    body: () => ({ decisions: [{ type: "approve" }] }),
    expect: own(409),
  },

  // Agents: a private agent of the owner.
  { route: "/api/agents", method: "GET", url: () => "/api/agents", expect: everyone(200) },
  {
    route: "/api/agents",
    method: "POST",
    url: () => "/api/agents",
    body: () => ({ slug: `iso-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`, name: "Iso" }),
    expect: everyone(201),
  },
  { route: "/api/agents/[id]", method: "GET", url: (f) => `/api/agents/${f.agentId}`, expect: own(200) },
  {
    route: "/api/agents/[id]",
    method: "PUT",
    url: (f) => `/api/agents/${f.agentId}`,
    body: () => ({ description: "edited" }),
    expect: own(200),
  },
  { route: "/api/agents/[id]", method: "DELETE", url: (f) => `/api/agents/${f.agentId}`, expect: own(200) },
  { route: "/api/agents/config-schema", method: "GET", url: () => "/api/agents/config-schema", expect: everyone(200) },
  { route: "/api/models", method: "GET", url: () => "/api/models", expect: everyone(200) },

  // Knowledge bases: a private one of the owner.
  { route: "/api/kbs", method: "GET", url: () => "/api/kbs", expect: everyone(200) },
  {
    route: "/api/kbs",
    method: "POST",
    url: () => "/api/kbs",
    body: () => ({ name: "Iso knowledge" }),
    expect: everyone(201),
  },
  { route: "/api/kbs/[id]", method: "GET", url: (f) => `/api/kbs/${f.kbId}`, expect: own(200) },
  {
    route: "/api/kbs/[id]",
    method: "PATCH",
    url: (f) => `/api/kbs/${f.kbId}`,
    body: () => ({ description: "edited" }),
    expect: own(200),
  },
  { route: "/api/kbs/[id]", method: "DELETE", url: (f) => `/api/kbs/${f.kbId}`, expect: own(200) },
  { route: "/api/kbs/[id]/documents", method: "GET", url: (f) => `/api/kbs/${f.kbId}/documents`, expect: own(200) },
  {
    route: "/api/kbs/[id]/documents",
    method: "POST",
    url: (f) => `/api/kbs/${f.kbId}/documents`,
    multipart: () => ({ file: { name: "iso.md", mimeType: "text/markdown", buffer: Buffer.from("# Iso\nplanted") } }),
    expect: own(201),
  },
  {
    route: "/api/kbs/[id]/documents/[docId]",
    method: "GET",
    url: (f) => `/api/kbs/${f.kbId}/documents/${f.kbDocumentId}`,
    expect: own(200),
  },
  {
    route: "/api/kbs/[id]/documents/[docId]",
    method: "DELETE",
    url: (f) => `/api/kbs/${f.kbId}/documents/${f.kbDocumentId}`,
    expect: own(200),
  },
  {
    route: "/api/kbs/[id]/documents/[docId]/content",
    method: "GET",
    url: (f) => `/api/kbs/${f.kbId}/documents/${f.kbDocumentId}/content?line=1`,
    expect: own(200),
  },
  {
    route: "/api/kbs/[id]/documents/[docId]/retry",
    method: "POST",
    url: (f) => `/api/kbs/${f.kbId}/documents/${f.kbDocumentId}/retry`,
    expect: own(409), // the owner may retry, but only a document that failed
  },
  { route: "/api/kbs/[id]/mindmap", method: "GET", url: (f) => `/api/kbs/${f.kbId}/mindmap`, expect: own(200) },
  { route: "/api/kbs/[id]/mindmap", method: "POST", url: (f) => `/api/kbs/${f.kbId}/mindmap`, expect: own(200) },
  {
    route: "/api/kbs/[id]/query",
    method: "POST",
    url: (f) => `/api/kbs/${f.kbId}/query`,
    body: () => ({ query: "original", mode: "bm25" }),
    expect: own(200),
  },

  // Personal API tokens.
  { route: "/api/tokens", method: "GET", url: () => "/api/tokens", expect: everyone(200) },
  {
    route: "/api/tokens",
    method: "POST",
    url: () => "/api/tokens",
    body: () => ({ name: "iso" }),
    expect: everyone(201),
  },
  { route: "/api/tokens/[id]", method: "DELETE", url: (f) => `/api/tokens/${f.tokenId}`, expect: own(204) },

  // Administration: plain users never; department B's admin only within department B.
  { route: "/api/admin/users", method: "GET", url: () => "/api/admin/users", expect: adminOnly(200) },
  {
    route: "/api/admin/users",
    method: "POST",
    url: () => "/api/admin/users",
    body: (f) => ({
      username: `iso-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`,
      password: "user-password-1",
      role: "user",
      departmentId: f.departmentAId,
    }),
    expect: adminOnly(403),
  },
  {
    route: "/api/admin/users/[id]",
    method: "PATCH",
    url: (f) => `/api/admin/users/${f.ownerUserId}`,
    body: () => ({ displayName: "Renamed" }),
    expect: adminOnly(404),
  },
  {
    route: "/api/admin/users/[id]",
    method: "DELETE",
    url: (f) => `/api/admin/users/${f.ownerUserId}`,
    expect: adminOnly(404),
  },
  { route: "/api/admin/departments", method: "GET", url: () => "/api/admin/departments", expect: adminOnly(200) },
  {
    route: "/api/admin/departments",
    method: "POST",
    url: () => "/api/admin/departments",
    body: () => ({ name: `Iso ${Date.now()} ${Math.random()}` }),
    expect: adminOnly(403),
  },
  {
    route: "/api/admin/departments/[id]",
    method: "PATCH",
    url: (f) => `/api/admin/departments/${f.departmentAId}`,
    body: () => ({ name: `A renamed ${Math.random()}` }),
    expect: adminOnly(404),
  },
  {
    route: "/api/admin/departments/[id]",
    method: "DELETE",
    url: (f) => `/api/admin/departments/${f.departmentAId}`,
    expect: adminOnly(404),
  },
  // Providers serve the whole organisation: admins read them and run the (read-only) test;
  // only the superadmin writes, so any admin's write is 403, a redirect of the key included.
  { route: "/api/admin/providers", method: "GET", url: () => "/api/admin/providers", expect: adminOnly(200) },
  {
    route: "/api/admin/providers",
    method: "POST",
    url: () => "/api/admin/providers",
    body: () => ({
      id: `iso-${Math.random().toString(36).slice(2, 8)}`,
      name: "Iso",
      baseUrl: "http://127.0.0.1:9/v1",
      models: [],
    }),
    expect: adminOnly(403),
  },
  {
    route: "/api/admin/providers/[id]",
    method: "GET",
    url: (f) => `/api/admin/providers/${f.providerId}`,
    expect: adminOnly(200),
  },
  {
    route: "/api/admin/providers/[id]",
    method: "PATCH",
    url: (f) => `/api/admin/providers/${f.providerId}`,
    body: () => ({ baseUrl: "http://127.0.0.1:10/v1" }),
    expect: adminOnly(403),
    label: "base URL moved",
  },
  {
    route: "/api/admin/providers/[id]",
    method: "PATCH",
    url: (f) => `/api/admin/providers/${f.providerId}`,
    body: () => ({ name: "Renamed", enabled: false }),
    expect: adminOnly(403),
  },
  {
    route: "/api/admin/providers/[id]",
    method: "DELETE",
    url: (f) => `/api/admin/providers/${f.providerId}`,
    expect: adminOnly(403),
  },
  {
    route: "/api/admin/providers/[id]/test",
    method: "POST",
    url: (f) => `/api/admin/providers/${f.providerId}/test`,
    expect: adminOnly(200),
  },
  // A refresh stores the models it finds: a write.
  {
    route: "/api/admin/providers/[id]/models/refresh",
    method: "POST",
    url: (f) => `/api/admin/providers/${f.providerId}/models/refresh`,
    expect: adminOnly(403),
  },
  { route: "/api/admin/mcp-servers", method: "GET", url: () => "/api/admin/mcp-servers", expect: adminOnly(200) },
  {
    route: "/api/admin/mcp-servers",
    method: "POST",
    url: () => "/api/admin/mcp-servers",
    body: () => ({
      name: `iso_${Math.random().toString(36).slice(2, 8)}`,
      transport: "streamable_http",
      url: "http://127.0.0.1:9/mcp",
    }),
    expect: adminOnly(201),
  },
  {
    route: "/api/admin/mcp-servers/[id]",
    method: "GET",
    url: (f) => `/api/admin/mcp-servers/${f.mcpServerId}`,
    expect: adminOnly(404),
  },
  {
    route: "/api/admin/mcp-servers/[id]",
    method: "PATCH",
    url: (f) => `/api/admin/mcp-servers/${f.mcpServerId}`,
    body: () => ({ description: "edited" }),
    expect: adminOnly(404),
  },
  {
    route: "/api/admin/mcp-servers/[id]",
    method: "PATCH",
    url: (f) => `/api/admin/mcp-servers/${f.mcpServerId}`,
    body: () => ({ url: "http://127.0.0.1:10/mcp" }),
    expect: adminOnly(404),
    label: "URL moved",
  },
  // A server everyone may read: department B's admin sees it, but may not move it, test it with its headers, or delete it.
  {
    route: "/api/admin/mcp-servers/[id]",
    method: "GET",
    url: (f) => `/api/admin/mcp-servers/${f.sharedMcpServerId}`,
    expect: adminOnly(200),
    label: "readable by all",
  },
  {
    route: "/api/admin/mcp-servers/[id]",
    method: "PATCH",
    url: (f) => `/api/admin/mcp-servers/${f.sharedMcpServerId}`,
    body: () => ({ url: "http://127.0.0.1:10/mcp" }),
    expect: adminOnly(403),
    label: "readable by all, URL moved",
  },
  {
    route: "/api/admin/mcp-servers/[id]",
    method: "DELETE",
    url: (f) => `/api/admin/mcp-servers/${f.sharedMcpServerId}`,
    expect: adminOnly(403),
    label: "readable by all",
  },
  {
    route: "/api/admin/mcp-servers/[id]/test",
    method: "POST",
    url: (f) => `/api/admin/mcp-servers/${f.sharedMcpServerId}/test`,
    expect: adminOnly(403),
    label: "readable by all",
  },
  {
    route: "/api/admin/mcp-servers/[id]/refresh",
    method: "POST",
    url: (f) => `/api/admin/mcp-servers/${f.sharedMcpServerId}/refresh`,
    expect: adminOnly(403),
    label: "readable by all",
  },
  {
    route: "/api/admin/mcp-servers/[id]",
    method: "DELETE",
    url: (f) => `/api/admin/mcp-servers/${f.mcpServerId}`,
    expect: adminOnly(404),
  },
  {
    route: "/api/admin/mcp-servers/[id]/test",
    method: "POST",
    url: (f) => `/api/admin/mcp-servers/${f.mcpServerId}/test`,
    expect: adminOnly(404),
  },
  {
    route: "/api/admin/mcp-servers/[id]/refresh",
    method: "POST",
    url: (f) => `/api/admin/mcp-servers/${f.mcpServerId}/refresh`,
    expect: adminOnly(404),
  },
  {
    route: "/api/admin/mcp-servers/[id]/tools/[toolName]",
    method: "PATCH",
    url: (f) => `/api/admin/mcp-servers/${f.mcpServerId}/tools/add`,
    body: () => ({ enabled: false }),
    expect: adminOnly(404),
  },

  // Skills: everyone reads the built-in `knowledge-base` (shared with all) and creates personal
  // skills; only the superadmin manages a built-in, so every actor here gets 403 on changes.
  // Another user's personal skill answering 404 is covered in e2e/api/skills.spec.ts.
  { route: "/api/skills", method: "GET", url: () => "/api/skills", expect: everyone(200) },
  {
    route: "/api/skills",
    method: "POST",
    url: () => "/api/skills",
    body: () => ({
      scope: "personal",
      slug: `iso-${Math.random().toString(36).slice(2, 10)}`,
      files: { "SKILL.md": "---\nname: Iso\ndescription: Isolation skill.\n---\nBody\n" },
    }),
    expect: everyone(201),
  },
  { route: "/api/skills/[slug]", method: "GET", url: () => "/api/skills/knowledge-base", expect: everyone(200) },
  {
    route: "/api/skills/[slug]",
    method: "PUT",
    url: () => "/api/skills/knowledge-base?scope=shared",
    body: () => ({ enabled: false }),
    expect: { owner: 403, otherUser: 403, otherAdmin: 403, anonymous: 401 },
  },
  {
    route: "/api/skills/[slug]",
    method: "DELETE",
    url: () => "/api/skills/knowledge-base?scope=shared",
    expect: { owner: 403, otherUser: 403, otherAdmin: 403, anonymous: 401 },
  },
  {
    route: "/api/skills/[slug]/files",
    method: "GET",
    url: () => "/api/skills/knowledge-base/files?path=SKILL.md",
    expect: everyone(200),
  },
  {
    route: "/api/skills/[slug]/files",
    method: "PUT",
    url: () => "/api/skills/knowledge-base/files?scope=shared&path=notes.md",
    body: () => "intrusion",
    expect: { owner: 403, otherUser: 403, otherAdmin: 403, anonymous: 401 },
  },
  {
    route: "/api/skills/[slug]/files",
    method: "DELETE",
    url: () => "/api/skills/knowledge-base/files?scope=shared&path=README.md",
    expect: { owner: 403, otherUser: 403, otherAdmin: 403, anonymous: 401 },
  },
  {
    route: "/api/skills/[slug]/export",
    method: "GET",
    url: () => "/api/skills/knowledge-base/export",
    expect: everyone(200),
  },

  // Public by design.
  {
    route: "/api/health",
    method: "GET",
    url: () => "/api/health",
    expect: { owner: 200, otherUser: 200, otherAdmin: 200, anonymous: 200 },
    publicBecause: "health checks run without credentials",
  },
  {
    route: "/api/auth/[...nextauth]",
    method: "GET",
    url: () => "/api/auth/session",
    expect: { owner: 200, otherUser: 200, otherAdmin: 200, anonymous: 200 },
    publicBecause: "sign-in itself (next-auth)",
  },
  {
    route: "/api/auth/[...nextauth]",
    method: "POST",
    url: () => "/api/auth/callback/credentials",
    expect: { owner: 302, otherUser: 302, otherAdmin: 302, anonymous: 302 },
    publicBecause: "sign-in itself (next-auth); without a CSRF token it redirects to an error",
  },
  {
    route: "/api/demo-model/[...path]",
    method: "GET",
    url: () => "/api/demo-model/v1/models",
    expect: { owner: 401, otherUser: 401, otherAdmin: 401, anonymous: 401 },
    publicBecause: "the demo model's own key, never a session",
  },
  {
    route: "/api/demo-model/[...path]",
    method: "POST",
    url: () => "/api/demo-model/v1/chat/completions",
    expect: { owner: 401, otherUser: 401, otherAdmin: 401, anonymous: 401 },
    publicBecause: "the demo model's own key, never a session",
  },
];
