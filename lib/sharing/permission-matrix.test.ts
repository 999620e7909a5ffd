import { describe, expect, it } from "vitest";
import type { Actor } from "@/lib/identity/actor";
import type { AgentRow } from "@/lib/db/agents";
import type { McpServerRow } from "@/lib/db/mcp-servers";
import { agentConfigSchema } from "@/lib/agent/config/config-schema";
import { deriveRuntimeContext } from "@/lib/agent/runtime/prepare-context";
import type { ResourceCatalog } from "@/lib/agent/runtime/context-types";
import { resolveAccess, filterByAccess } from "./resolve-access";
import { RESOURCE_KINDS, type Access, type ResourceKind, type Sharing } from "./types";

/**
 * Permission matrix: roles x share scopes x resource kinds, then x null / [] / list selection.
 * Expected values are literal tables, not a second copy of the implementation.
 */
const D1 = "dept-1";
const D2 = "dept-2";
const actors = {
  superadmin: { id: "sa", username: "sa", displayName: "", role: "superadmin", departmentId: null },
  admin: { id: "ad", username: "ad", displayName: "", role: "admin", departmentId: D1 },
  user: { id: "us", username: "us", displayName: "", role: "user", departmentId: D1 },
  outsider: { id: "ou", username: "ou", displayName: "", role: "user", departmentId: D2 },
} satisfies Record<string, Actor>;
type ActorName = keyof typeof actors;

const none: Sharing["read"] = { global: false, departmentIds: [], userIds: [] };
const scope = (s: Partial<typeof none>) => ({ ...none, ...s });
const shares: Record<string, { ownerId: string | null; sharing: Sharing }> = {
  "private, owned by someone else": { ownerId: "zz", sharing: { read: none, manage: none } },
  "owned by the user": { ownerId: "us", sharing: { read: none, manage: none } },
  "read: global": { ownerId: "zz", sharing: { read: scope({ global: true }), manage: none } },
  "read: department 1": { ownerId: "zz", sharing: { read: scope({ departmentIds: [D1] }), manage: none } },
  "read: the user by name": { ownerId: "zz", sharing: { read: scope({ userIds: ["us"] }), manage: none } },
  "manage: global": { ownerId: "zz", sharing: { read: none, manage: scope({ global: true }) } },
  "manage: department 1": { ownerId: "zz", sharing: { read: none, manage: scope({ departmentIds: [D1] }) } },
  "manage: the admin by name": { ownerId: "zz", sharing: { read: none, manage: scope({ userIds: ["ad"] }) } },
};

// Access before the role cap, per actor: [superadmin, admin, user, outsider].
const UNCAPPED: Record<string, [Access, Access, Access, Access]> = {
  "private, owned by someone else": ["manage", "none", "none", "none"],
  "owned by the user": ["manage", "none", "manage", "none"],
  "read: global": ["manage", "read", "read", "read"],
  "read: department 1": ["manage", "read", "read", "none"],
  "read: the user by name": ["manage", "none", "read", "none"],
  "manage: global": ["manage", "manage", "manage", "manage"],
  "manage: department 1": ["manage", "manage", "manage", "none"],
  "manage: the admin by name": ["manage", "manage", "none", "none"],
};
// The most each role can hold per kind: plain users never manage shared skills or MCP servers.
const CAP: Record<ResourceKind, Record<"superadmin" | "admin" | "user", Access>> = {
  agent: { superadmin: "manage", admin: "manage", user: "manage" },
  kb: { superadmin: "manage", admin: "manage", user: "manage" },
  skill: { superadmin: "manage", admin: "manage", user: "read" },
  mcp: { superadmin: "manage", admin: "manage", user: "read" },
};
const rank = { none: 0, read: 1, manage: 2 } as const;
const expected = (actor: ActorName, share: string, kind: ResourceKind): Access => {
  const i = (["superadmin", "admin", "user", "outsider"] as const).indexOf(actor);
  const uncapped = UNCAPPED[share][i];
  const cap = CAP[kind][actors[actor].role];
  return rank[uncapped] <= rank[cap] ? uncapped : cap;
};

describe("resolveAccess: roles x scopes x kinds", () => {
  for (const kind of RESOURCE_KINDS) {
    for (const actor of Object.keys(actors) as ActorName[]) {
      for (const share of Object.keys(shares)) {
        it(`${kind} · ${actor} · ${share} → ${expected(actor, share, kind)}`, () => {
          expect(resolveAccess(actors[actor], shares[share], kind)).toBe(expected(actor, share, kind));
        });
      }
    }
  }

  it("treats malformed stored sharing as private", () => {
    expect(resolveAccess(actors.user, { ownerId: "zz", sharing: { read: "everyone" } }, "agent")).toBe("none");
    expect(resolveAccess(actors.user, { ownerId: "zz", sharing: null }, "agent")).toBe("none");
  });
});

// ---- selection rules over what the matrix allows -------------------------------------------
const resourceIds = Object.keys(shares).map((_, i) => `r${i}`);
const rows = Object.values(shares).map((s, i) => ({ ...s, id: `r${i}` }));
const readable = (actor: ActorName, kind: ResourceKind) => filterByAccess(actors[actor], rows, kind).map((r) => r.id);

function catalogFor(actor: ActorName): ResourceCatalog {
  return {
    tools: ["tool-a", "tool-b"],
    mcpServers: readable(actor, "mcp").map((id) => ({ id, name: id }) as McpServerRow),
    knowledgeBases: readable(actor, "kb").map((id) => ({ kbId: id, name: id, description: "", kbType: "general" })),
    skills: readable(actor, "skill").map((slug) => ({
      slug,
      name: slug,
      description: "",
      path: `/home/gem/skills/${slug}/SKILL.md`,
      tools: [],
      mcps: [],
      skills: [],
    })),
    subagents: readable(actor, "agent").map((slug) => ({ id: slug, slug, name: slug, description: "" })),
  };
}

const agentRow = { id: "main", slug: "main", name: "Main", isSubagent: false } as AgentRow;
const derive = (actor: ActorName, config: Record<string, unknown>) =>
  deriveRuntimeContext(actors[actor], agentRow, agentConfigSchema.parse(config), catalogFor(actor));

const selections: [string, string[] | null][] = [
  ["null", null],
  ["[]", []],
  ["list (all ids, a duplicate, an unknown id)", ["r7", ...resourceIds, "r7", "ghost"]],
];

describe("resource selection: null / [] / list, intersected with the matrix", () => {
  for (const actor of Object.keys(actors) as ActorName[]) {
    for (const [label, selection] of selections) {
      it(`${actor} · ${label}`, () => {
        const expectFor = (kind: ResourceKind) => {
          const allowed = resourceIds.filter((id, i) => rank[expected(actor, Object.keys(shares)[i], kind)] >= 1);
          if (selection === null) return allowed;
          return [...new Set(selection)].filter((id) => allowed.includes(id));
        };
        const ctx = derive(actor, { knowledges: selection, mcps: selection, skills: selection, subagents: selection });
        expect(ctx.visibleKnowledgeBases.map((k) => k.kbId)).toEqual(expectFor("kb"));
        expect(ctx.mcpServerIds).toEqual(expectFor("mcp"));
        expect(ctx.effectiveSkillSlugs).toEqual(expectFor("skill"));
        // Subagents: null and [] both mean every visible subagent; a list is an allow-list.
        const everyVisibleAgent = resourceIds.filter(
          (_, i) => rank[expected(actor, Object.keys(shares)[i], "agent")] >= 1,
        );
        expect(ctx.visibleSubagents.map((s) => s.slug)).toEqual(
          selection === null || selection.length === 0 ? everyVisibleAgent : expectFor("agent"),
        );
      });
    }
  }

  it("tools: null = all built-ins, [] = none, list = allow-list in the given order", () => {
    expect(derive("user", { tools: null }).toolNames).toEqual(["tool-a", "tool-b"]);
    expect(derive("user", { tools: [] }).toolNames).toEqual([]);
    expect(derive("user", { tools: ["tool-b", "nope", "tool-a", "tool-b"] }).toolNames).toEqual(["tool-b", "tool-a"]);
  });

  it("a subagent never gets subagents of its own", () => {
    const ctx = deriveRuntimeContext(
      actors.superadmin,
      { ...agentRow, isSubagent: true },
      agentConfigSchema.parse({}),
      catalogFor("superadmin"),
    );
    expect(ctx.visibleSubagents).toEqual([]);
  });

  it("preloaded skills are limited to the effective set, with their dependency closure", () => {
    const catalog = catalogFor("superadmin");
    catalog.skills = [
      {
        slug: "report",
        name: "Report",
        description: "",
        path: "p",
        tools: [],
        mcps: [],
        skills: ["research"],
        content: "R",
      },
      { slug: "research", name: "Research", description: "", path: "p", tools: [], mcps: [], skills: [], content: "S" },
      { slug: "other", name: "Other", description: "", path: "p", tools: [], mcps: [], skills: [], content: "O" },
    ];
    const ctx = deriveRuntimeContext(
      actors.superadmin,
      agentRow,
      agentConfigSchema.parse({ skills: ["report"], preload_skills: ["report", "other"] }),
      catalog,
    );
    expect(ctx.effectiveSkillSlugs).toEqual(["report", "research"]);
    expect(ctx.preloadedSkills).toEqual([
      { slug: "report", content: "R" },
      { slug: "research", content: "S" },
    ]);
    expect(Object.keys(ctx.runtimeSkills)).toEqual(["report", "research"]);
  });
});
