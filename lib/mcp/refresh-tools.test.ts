import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { insertTestUser } from "@/lib/testing/users";
import { startTestMcpServer, type TestMcpServer } from "@/lib/testing/mcp-server";
import type { Actor } from "@/lib/identity/actor";
import { ApiError } from "@/lib/errors/api-error";
import { mcpServerCreateSchema } from "./schemas";
import { createMcpServer, requireMcpServer, setMcpToolEnabled } from "./servers";
import { mergeListedTools, refreshMcpTools } from "./refresh-tools";

let mcp: TestMcpServer;
let admin: Actor;

beforeAll(async () => {
  vi.stubEnv("ENCRYPTION_KEY", "mcp-refresh-test-key");
  await createTestDatabase();
  admin = await insertTestUser({ role: "admin" });
  mcp = await startTestMcpServer({ tools: ["add", "lookup_city"], requireHeaders: { "x-api-key": "k-1" } });
});
afterAll(async () => {
  await mcp.close();
  await destroyTestDatabase();
  vi.unstubAllEnvs();
});

describe("mergeListedTools", () => {
  it("keeps known flags, enables new tools, drops vanished ones, follows the server's order", () => {
    const stored = [
      { name: "b", description: "old", enabled: false },
      { name: "gone", description: "", enabled: true },
    ];
    const listed = [
      { name: "a", description: "A", inputSchema: { type: "object" } },
      { name: "b", description: "B", inputSchema: { type: "object" } },
      { name: "c", description: "C", inputSchema: { type: "object" }, readOnly: true },
    ];
    expect(mergeListedTools(stored, listed)).toEqual([
      { name: "a", description: "A", enabled: true, inputSchema: { type: "object" } },
      { name: "b", description: "B", enabled: false, inputSchema: { type: "object" } },
      { name: "c", description: "C", enabled: true, inputSchema: { type: "object" }, readOnly: true },
    ]);
  });
});

describe("refreshMcpTools", () => {
  it("stores the listed tools with their schemas; a refresh keeps a disabled tool disabled and enables a new one", async () => {
    const { id } = await createMcpServer(
      admin,
      mcpServerCreateSchema.parse({
        name: "refresh",
        url: mcp.httpUrl,
        headers: [{ name: "X-Api-Key", value: "k-1" }],
      }),
    );
    const first = await refreshMcpTools(admin, id);
    expect(first.tools.map((t) => [t.name, t.enabled])).toEqual([
      ["add", true],
      ["lookup_city", true],
    ]);
    expect(first.toolsRefreshedAt).toBeInstanceOf(Date);

    await setMcpToolEnabled(admin, id, "lookup_city", false);
    mcp.setTools(["add", "lookup_city", "multiply"]);
    const second = await refreshMcpTools(admin, id);
    // The server's order (it registers multiply before lookup_city).
    expect(second.tools.map((t) => [t.name, t.enabled])).toEqual([
      ["add", true],
      ["multiply", true],
      ["lookup_city", false],
    ]);
    const { row } = await requireMcpServer(admin, id);
    expect(row.tools.find((t) => t.name === "add")?.inputSchema).toMatchObject({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
    });
    // The server marks these readOnlyHint: kept, so approvals can judge a tool before connecting to it.
    expect(row.tools.map((t) => t.readOnly)).toEqual([true, true, true]);
  });

  it("an unreachable server: bad_gateway:mcp naming the server and the reason; nothing stored", async () => {
    const { id } = await createMcpServer(
      admin,
      mcpServerCreateSchema.parse({ name: "refresh-down", url: `${mcp.origin}/nothing-here` }),
    );
    const err = await refreshMcpTools(admin, id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("bad_gateway:mcp");
    expect((err as ApiError).message).toMatch(/"refresh-down".*(HTTP 401|HTTP 404)/);
    expect((await requireMcpServer(admin, id)).row.toolsRefreshedAt).toBeNull();
  });

  it("a reader may not refresh: forbidden:mcp", async () => {
    const reader = await insertTestUser({ role: "user" });
    const sharing = {
      read: { global: false, departmentIds: [], userIds: [reader.id] },
      manage: { global: false, departmentIds: [], userIds: [] },
    };
    const { id } = await createMcpServer(
      admin,
      mcpServerCreateSchema.parse({ name: "refresh-shared", url: mcp.httpUrl, sharing }),
    );
    const err = await refreshMcpTools(reader, id).catch((e: unknown) => e);
    expect((err as ApiError).code).toBe("forbidden:mcp");
  });
});
