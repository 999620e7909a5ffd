import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, destroyTestDatabase } from "@/lib/testing/test-db";
import { createTestUser } from "@/lib/testing/agent-harness";
import { seedAgents } from "@/lib/bootstrap/seed-agents";
import { getDb } from "./client";
import { departments, users } from "./schema";
import { eq } from "drizzle-orm";
import { deleteAgent, getDefaultAgent, listVisibleAgents, listVisibleSubagents, requireAgent } from "./agents";
import { createStoredAgent, updateAgent } from "@/lib/agent/config/manage";
import { parseAgentConfig } from "@/lib/agent/config/config-schema";
import type { Actor } from "@/lib/identity/actor";

let admin: Actor;
let user: Actor;
let colleague: Actor;
let outsider: Actor;

beforeAll(async () => {
  await createTestDatabase();
  await seedAgents();
  const db = await getDb();
  await db.insert(departments).values([
    { id: "d1", name: "Research" },
    { id: "d2", name: "Sales" },
  ]);
  const inDept = async (role: Actor["role"], dept: string) => {
    const a = await createTestUser(role);
    await db.update(users).set({ departmentId: dept }).where(eq(users.id, a.id));
    return { ...a, departmentId: dept };
  };
  admin = await inDept("admin", "d1");
  user = await inDept("user", "d1");
  colleague = await inDept("user", "d1");
  outsider = await inDept("user", "d2");
});
afterAll(destroyTestDatabase);

const empty = { global: false, departmentIds: [] as string[], userIds: [] as string[] };

describe("agents", () => {
  it("seeds a default agent everyone can use and a subagent", async () => {
    expect((await getDefaultAgent(user))?.slug).toBe("assistant");
    expect((await listVisibleSubagents(outsider)).map((a) => a.slug)).toContain("researcher");
  });

  it("keeps a new agent private to its owner until shared", async () => {
    const a = await createStoredAgent(user, { slug: "my-helper", name: "Mine" });
    expect((await listVisibleAgents(user)).map((x) => x.id)).toContain(a.id);
    expect((await listVisibleAgents(colleague)).map((x) => x.id)).not.toContain(a.id);
    await expect(requireAgent(colleague, a.id)).rejects.toMatchObject({ code: "not_found:agent" });
  });

  it("an admin shares with their department: colleagues read, outsiders see nothing", async () => {
    const a = await createStoredAgent(admin, {
      slug: "dept-agent",
      name: "Dept",
      sharing: { read: { ...empty, departmentIds: ["d1"] }, manage: empty },
    });
    expect((await requireAgent(user, a.id)).access).toBe("read");
    await expect(requireAgent(outsider, a.id)).rejects.toMatchObject({ status: 404 });
    await expect(updateAgent(user, a.id, { name: "hijack" })).rejects.toMatchObject({
      code: "forbidden:agent",
      status: 403,
    });
    await expect(deleteAgent(user, a.id)).rejects.toMatchObject({ status: 403 });
  });

  it("refuses sharing wider than the role allows", async () => {
    await expect(
      createStoredAgent(user, {
        slug: "too-wide",
        name: "x",
        sharing: { read: { ...empty, global: true }, manage: empty },
      }),
    ).rejects.toMatchObject({ code: "forbidden:sharing" });
    await expect(
      createStoredAgent(admin, {
        slug: "other-dept",
        name: "x",
        sharing: { read: { ...empty, departmentIds: ["d2"] }, manage: empty },
      }),
    ).rejects.toMatchObject({ code: "forbidden:sharing" });
  });

  it("ignores admin-only fields from non-admins, on create and on update", async () => {
    const a = await createStoredAgent(user, {
      slug: "sneaky",
      name: "x",
      config: { max_execution_steps: 499, system_prompt: "hi" },
    });
    expect(parseAgentConfig(a.config).max_execution_steps).toBe(50);
    expect(parseAgentConfig(a.config).system_prompt).toBe("hi");
    const trusting = await createStoredAgent(user, {
      slug: "trusting",
      name: "t",
      config: { tool_approval_mode: "trust" },
    });
    expect(parseAgentConfig(trusting.config).tool_approval_mode).toBe("default");
    const b = await createStoredAgent(admin, {
      slug: "admin-made",
      name: "y",
      config: { max_execution_steps: 7 },
      sharing: { read: empty, manage: { ...empty, userIds: [user.id] } },
    });
    const updated = await updateAgent(user, b.id, { config: { max_execution_steps: 499, system_prompt: "edited" } });
    expect(parseAgentConfig(updated.config)).toMatchObject({ max_execution_steps: 7, system_prompt: "edited" });
  });

  it("rejects an invalid config with a readable 400 and a duplicate slug with 409", async () => {
    await expect(
      createStoredAgent(admin, { slug: "bad-config", name: "x", config: { summary_threshold: -5 } }),
    ).rejects.toMatchObject({
      code: "bad_request:agent",
      message: expect.stringContaining("summary_threshold"),
    });
    await expect(createStoredAgent(admin, { slug: "assistant", name: "dup" })).rejects.toMatchObject({
      code: "conflict:agent",
      status: 409,
    });
  });

  it("never deletes the default agent", async () => {
    const def = (await getDefaultAgent(admin))!;
    await expect(deleteAgent({ ...admin, role: "superadmin" }, def.id)).rejects.toMatchObject({
      code: "conflict:agent",
    });
  });
});
