import { expect, test, type APIRequestContext, type APIResponse } from "../test";
import { unzipSync, zipSync } from "fflate";
import { createUser, signIn, signInAsAdmin } from "../helpers/auth";
import { createDepartment, expectError } from "../helpers/org";
import { buildZip, MALICIOUS_ZIPS, skillMarkdown } from "../../lib/testing/zip-fixtures";

/** The skills API over real HTTP: upload, list, edit, share, export, delete, refusals. */

type SkillView = {
  slug: string;
  name: string;
  description: string;
  scope: "shared" | "personal";
  enabled: boolean;
  source: string;
  sharing: unknown;
  canManage: boolean;
  dependencies: { tools: string[]; mcps: string[]; skills: string[] };
  overridden: boolean;
  updatedAt: string;
  files?: { path: string; size: number }[];
};

let superadmin: APIRequestContext;
let deptAdmin: APIRequestContext;
let member: APIRequestContext;
let outsider: APIRequestContext;
let memberId: string;

test.beforeAll(async ({ baseURL }) => {
  superadmin = await signInAsAdmin(baseURL!);
  const dept = await createDepartment(superadmin);
  const a = await createUser(superadmin, { role: "admin", departmentId: dept.id });
  const m = await createUser(superadmin, { role: "user", departmentId: dept.id });
  const o = await createUser(superadmin, { role: "user" });
  memberId = m.id;
  deptAdmin = await signIn(baseURL!, a.username, a.password);
  member = await signIn(baseURL!, m.username, m.password);
  outsider = await signIn(baseURL!, o.username, o.password);
});
test.afterAll(async () => {
  await Promise.all([superadmin, deptAdmin, member, outsider].map((c) => c?.dispose()));
});

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

function upload(api: APIRequestContext, zip: Buffer | Uint8Array, scope?: "shared" | "personal"): Promise<APIResponse> {
  return api.post("/api/skills", {
    multipart: {
      file: { name: "skill.zip", mimeType: "application/zip", buffer: Buffer.from(zip) },
      ...(scope ? { scope } : {}),
    },
  });
}

async function json<T>(res: APIResponse, status = 200): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

const workspaceSkills = async (api: APIRequestContext) =>
  (
    await json<{ entries: { name: string }[] }>(await api.get("/api/workspace/files?path=/home/gem/skills"))
  ).entries.map((e) => e.name);

test("built-in skills are there for everyone and readable in /home/gem/skills", async () => {
  const list = await json<SkillView[]>(await outsider.get("/api/skills"));
  const builtins = list.filter((s) => s.source === "builtin").map((s) => [s.slug, s.scope, s.enabled, s.canManage]);
  expect(builtins).toEqual([
    ["html-preview", "shared", true, false],
    ["knowledge-base", "shared", true, false],
    ["research-report", "shared", true, false],
  ]);
  const kb = list.find((s) => s.slug === "knowledge-base")!;
  expect(kb.dependencies.tools).toEqual([
    "list_kbs",
    "query_kb",
    "find_kb_document",
    "open_kb_document",
    "get_mindmap",
    "search_file",
    "download_kb_file",
  ]);
  const file = await outsider.get("/api/skills/knowledge-base/files?path=SKILL.md");
  expect(file.headers()["content-type"]).toBe("text/plain; charset=utf-8");
  expect(await file.text()).toMatch(/^---\nname: Knowledge bases\nslug: knowledge-base/);
  expect(await workspaceSkills(outsider)).toEqual(
    expect.arrayContaining(["html-preview", "knowledge-base", "research-report"]),
  );
});

test("shared skill: upload, list, share, enable/disable, edit, export, delete", async () => {
  const slug = unique("team-report");
  const zip = buildZip([
    {
      name: `${slug}/SKILL.md`,
      data: skillMarkdown("Team report", "Writes the team's weekly report.", "tool_dependencies: [query_kb]\n"),
    },
    { name: `${slug}/templates/weekly.md`, data: "# Week {{n}}\n" },
  ]);

  // Uploaded by a department admin: private to them (and the superadmin) at first.
  const created = await json<SkillView>(await upload(deptAdmin, zip, "shared"), 201);
  expect(created).toEqual({
    slug,
    name: "Team report",
    description: "Writes the team's weekly report.",
    scope: "shared",
    enabled: true,
    source: "upload",
    sharing: {
      read: { global: false, departmentIds: [], userIds: [] },
      manage: { global: false, departmentIds: [], userIds: [] },
    },
    canManage: true,
    dependencies: { tools: ["query_kb"], mcps: [], skills: [] },
    overridden: false,
    updatedAt: expect.any(String),
  });
  expect((await json<SkillView[]>(await member.get("/api/skills"))).map((s) => s.slug)).not.toContain(slug);
  await expectError(await member.get(`/api/skills/${slug}`), 404, "not_found:skill");
  expect(await workspaceSkills(member)).not.toContain(slug);
  await expectError(await upload(deptAdmin, zip, "shared"), 409, "conflict:skill");

  // Shared with a colleague: they read it (and see it in /home/gem/skills), cannot change it.
  const share = await json<SkillView>(
    await deptAdmin.put(`/api/skills/${slug}`, {
      data: {
        sharing: {
          read: { global: false, departmentIds: [], userIds: [memberId] },
          manage: { global: false, departmentIds: [], userIds: [] },
        },
      },
    }),
  );
  expect(share.sharing).toMatchObject({ read: { userIds: [memberId] } });
  await expectError(
    await deptAdmin.put(`/api/skills/${slug}`, {
      data: { sharing: { read: { global: true, departmentIds: [], userIds: [] } } },
    }),
    403,
    "forbidden:sharing",
  );
  const seen = await json<SkillView & { files: { path: string; size: number }[] }>(
    await member.get(`/api/skills/${slug}`),
  );
  expect(seen).toMatchObject({
    canManage: false,
    sharing: null,
    files: [{ path: "SKILL.md" }, { path: "templates/weekly.md", size: 13 }],
  });
  expect(await workspaceSkills(member)).toContain(slug);
  expect(
    await (await member.get(`/api/workspace/files?path=/home/gem/skills/${slug}/templates/weekly.md`)).text(),
  ).toBe("# Week {{n}}\n");
  await expectError(await member.put(`/api/skills/${slug}`, { data: { enabled: false } }), 403, "forbidden:skill");
  await expectError(
    await member.put(`/api/skills/${slug}/files?path=SKILL.md`, { data: skillMarkdown("Hijack") }),
    403,
    "forbidden:skill",
  );
  await expectError(await member.delete(`/api/skills/${slug}`), 403, "forbidden:skill");
  await expectError(await outsider.get(`/api/skills/${slug}`), 404, "not_found:skill");
  await expectError(await outsider.get(`/api/skills/${slug}/files?path=SKILL.md`), 404, "not_found:skill");
  await expectError(await outsider.get(`/api/skills/${slug}/export`), 404, "not_found:skill");
  expect(await (await outsider.get(`/api/workspace/files?path=/home/gem/skills/${slug}/SKILL.md`)).status()).toBe(404);

  // Disabled: gone for readers (API and workspace), still there for its manager.
  expect(
    (await json<SkillView>(await deptAdmin.put(`/api/skills/${slug}`, { data: { enabled: false } }))).enabled,
  ).toBe(false);
  await expectError(await member.get(`/api/skills/${slug}`), 404, "not_found:skill");
  expect(await workspaceSkills(member)).not.toContain(slug);
  expect((await json<SkillView>(await deptAdmin.get(`/api/skills/${slug}`))).enabled).toBe(false);
  await json<SkillView>(await deptAdmin.put(`/api/skills/${slug}`, { data: { enabled: true } }));

  // Online editing: SKILL.md is validated (400 with the line), the row follows it, the slug stays.
  const bad = await expectError(
    await deptAdmin.put(`/api/skills/${slug}/files?path=SKILL.md`, {
      data: "---\nname: Team report\ndescription: ok\ntool_dependencies: query_kb\n---\n",
    }),
    400,
    "bad_request:skill",
  );
  expect(bad).toBe(
    "SKILL.md line 4: `tool_dependencies` must be a list, for example `tool_dependencies: [first, second]` or one `- item` per line.",
  );
  await expectError(
    await deptAdmin.put(`/api/skills/${slug}/files?path=SKILL.md`, {
      data: skillMarkdown("X", "y", "slug: another-slug\n"),
    }),
    400,
    "bad_request:skill",
  );
  const edited = await json<SkillView>(
    await deptAdmin.put(`/api/skills/${slug}/files?path=SKILL.md`, {
      data: skillMarkdown("Team report v2", "Now with charts."),
    }),
  );
  expect(edited).toMatchObject({
    name: "Team report v2",
    description: "Now with charts.",
    dependencies: { tools: [] },
  });
  await json(await deptAdmin.put(`/api/skills/${slug}/files?path=scripts/chart.py`, { data: "print('chart')\n" }));
  await expectError(
    await deptAdmin.put(`/api/skills/${slug}/files?path=../../escape.txt`, { data: "x" }),
    400,
    "bad_request:skill",
  );
  await expectError(await deptAdmin.delete(`/api/skills/${slug}/files?path=SKILL.md`), 400, "bad_request:skill");
  expect((await deptAdmin.delete(`/api/skills/${slug}/files?path=templates/weekly.md`)).status()).toBe(204);
  expect(await (await member.get(`/api/skills/${slug}/files?path=scripts/chart.py`)).text()).toBe("print('chart')\n");

  // Export: a real zip, one folder named after the slug, that re-imports.
  const exported = await deptAdmin.get(`/api/skills/${slug}/export`);
  expect(exported.status()).toBe(200);
  expect(exported.headers()["content-type"]).toBe("application/zip");
  expect(exported.headers()["content-disposition"]).toBe(`attachment; filename="${slug}.zip"`);
  const zipBytes = await exported.body();
  expect(Object.keys(unzipSync(new Uint8Array(zipBytes))).sort()).toEqual([
    `${slug}/SKILL.md`,
    `${slug}/scripts/chart.py`,
  ]);

  // Delete: row and files; the export re-imports as the same skill.
  expect((await deptAdmin.delete(`/api/skills/${slug}`)).status()).toBe(204);
  await expectError(await deptAdmin.get(`/api/skills/${slug}`), 404, "not_found:skill");
  expect(await workspaceSkills(member)).not.toContain(slug);
  const again = await json<SkillView>(await upload(deptAdmin, zipBytes, "shared"), 201);
  expect(again).toMatchObject({ slug, name: "Team report v2" });
  expect(
    (await json<SkillView & { files: { path: string }[] }>(await deptAdmin.get(`/api/skills/${slug}`))).files.map(
      (f) => f.path,
    ),
  ).toEqual(["SKILL.md", "scripts/chart.py"]);
  expect((await deptAdmin.delete(`/api/skills/${slug}?scope=shared`)).status()).toBe(204);
});

test("personal skills: created by plain users, private, overriding a shared skill of the same slug", async () => {
  const zip = zipSync({ "SKILL.md": Buffer.from(skillMarkdown("Research report", "My own way to write reports.")) });
  // Default scope is personal; the derived slug matches the built-in research-report.
  const mine = await json<SkillView>(await upload(member, zip), 201);
  expect(mine).toMatchObject({
    slug: "research-report",
    scope: "personal",
    source: "editor",
    canManage: true,
    sharing: null,
    enabled: true,
  });
  const list = (await json<SkillView[]>(await member.get("/api/skills"))).filter((s) => s.slug === "research-report");
  expect(list.map((s) => [s.scope, s.overridden])).toEqual([
    ["personal", false],
    ["shared", true],
  ]);
  expect((await json<SkillView>(await member.get("/api/skills/research-report"))).scope).toBe("personal");
  expect((await json<SkillView>(await member.get("/api/skills/research-report?scope=shared"))).source).toBe("builtin");
  expect(
    await (
      await member.get("/api/workspace/files?path=/home/gem/user-data/agents/skills/research-report/SKILL.md")
    ).text(),
  ).toContain("My own way");

  // Nobody else sees it; the same slug for them is the built-in one.
  expect((await json<SkillView>(await outsider.get("/api/skills/research-report"))).scope).toBe("shared");
  await expectError(await outsider.get("/api/skills/research-report?scope=personal"), 404, "not_found:skill");
  await expectError(await outsider.delete("/api/skills/research-report?scope=personal"), 404, "not_found:skill");

  // Personal skills are edited by their owner, never switched off or shared.
  await expectError(
    await member.put("/api/skills/research-report?scope=personal", { data: { enabled: false } }),
    400,
    "bad_request:skill",
  );
  const json400 = await expectError(
    await member.post("/api/skills", {
      data: { files: { "SKILL.md": "---\nname: [unclosed\ndescription: d\n---\n" } },
    }),
    400,
    "bad_request:skill",
  );
  expect(json400).toMatch(/^SKILL\.md line \d: Invalid YAML/);
  await expectError(
    await member.post("/api/skills", {
      data: { scope: "shared", files: { "SKILL.md": skillMarkdown("Shared by a user") } },
    }),
    403,
    "forbidden:skill",
  );
  await expectError(
    await member.post("/api/skills", { data: { files: { "README.md": "no skill" } } }),
    400,
    "bad_request:skill",
  );

  expect((await member.delete("/api/skills/research-report?scope=personal")).status()).toBe(204);
  expect((await json<SkillView>(await member.get("/api/skills/research-report"))).scope).toBe("shared");
});

test("malicious and oversized zips are refused with a message a person understands", async () => {
  for (const c of MALICIOUS_ZIPS) {
    const message = await expectError(
      await upload(member, c.zip()),
      c.status,
      c.status === 413 ? "too_large:skill" : "bad_request:skill",
    );
    expect(message, c.label).toMatch(c.message);
    expect(message, c.label).toMatch(/^The zip was refused: /);
  }
  const tooBig = buildZip([
    { name: "SKILL.md", data: skillMarkdown("Big") },
    { name: "noise.bin", data: crypto.getRandomValues(new Uint8Array(65536)), method: 0 },
  ]);
  const padded = Buffer.concat(Array.from({ length: 170 }, () => tooBig)); // ~11 MiB, over the 10 MiB default
  expect(await expectError(await upload(member, padded), 413, "too_large:skill")).toMatch(/10 MiB/);
  // Nothing was stored for any of them.
  const personal = (await json<SkillView[]>(await member.get("/api/skills"))).filter((s) => s.scope === "personal");
  expect(personal).toEqual([]);
});
