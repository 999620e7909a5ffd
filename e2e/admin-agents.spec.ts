import { expect, test, type APIRequestContext, type Page } from "./test";
import { createUser, signInAsAdmin, signInPage, type CreatedUser } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { createDepartment, uniqueName, type Department } from "./helpers/org";
import { saveScreenshot } from "./helpers/pages";

/**
 * The agent form is generated from the config schema: the superadmin builds an agent with it
 * (admin-only fields included) and shares it with a department; a member of that department
 * chats with it, then builds their own agent in a form without the admin-only fields.
 */

type Agent = {
  id: string;
  slug: string;
  config: Record<string, unknown>;
  sharing?: { read: { departmentIds: string[] } };
};

const row = (page: Page, slug: string) => page.locator(`[data-testid="agent-row"][data-slug="${slug}"]`);
/** The whole page in one shot without fullPage, so sticky columns stay where a reader sees them. */
async function screenshotTall(page: Page, path: string) {
  const height = await page.evaluate(() =>
    Math.max(
      document.documentElement.scrollHeight,
      ...[...document.querySelectorAll("main, [data-testid=agents-page] > div")].map((el) => el.scrollHeight),
    ),
  );
  const size = page.viewportSize();
  await page.setViewportSize({ width: size?.width ?? 1280, height: Math.min(height + 80, 6000) });
  await page.mouse.move(0, 0);
  await saveScreenshot(page, { path });
  if (size) await page.setViewportSize(size);
}

const modeOf = (page: Page, key: string) => page.getByTestId(`resource-mode-${key}`).locator('[aria-checked="true"]');

test.describe("agents built from the config schema", () => {
  // Each test makes the agents it looks at (names from this worker's suffix): they may run side by side.
  test.describe.configure({ mode: "parallel" });
  const suffix = uniqueName("x").slice(2).toLowerCase();
  const slug = `orbit-${suffix}`;
  const agentName = `Orbit ${suffix}`;
  const promptMark = `ORBIT-PROMPT-${suffix}`;
  let admin: APIRequestContext;
  let department: Department;
  let member: CreatedUser;

  test.beforeAll(async ({ baseURL }) => {
    admin = await signInAsAdmin(baseURL!);
    department = await createDepartment(admin, uniqueName("Navigation"));
    member = await createUser(admin, { role: "user", departmentId: department.id, displayName: "Nia Navigator" });
  });

  test.afterAll(async () => {
    await admin?.dispose();
  });

  test("the superadmin creates an agent in the generated form and shares it; a member chats with it", async ({
    page,
    browser,
  }) => {
    await signInPage(page, undefined, "/admin/agents");
    await expect(page.getByTestId("admin-nav-agents")).toHaveAttribute("aria-current", "page");
    const defaultRow = page.getByTestId("agent-row").filter({ has: page.getByTestId("agent-default") });
    await expect(defaultRow).toHaveCount(1);
    await expect(defaultRow.getByTestId("agent-delete")).toHaveAttribute("aria-disabled", "true");

    await page.getByTestId("agent-create").click();
    await expect(page).toHaveURL(/\?agent=new$/);
    await page.getByTestId("agent-name").fill(agentName);
    await expect(page.getByTestId("agent-slug")).toHaveValue(slug); // proposed from the name
    await page.getByTestId("config-field-system_prompt").fill(`You are Orbit, a travel planner. ${promptMark}`);

    // Tools: "Selected" with nothing picked stores [] — "None" (install_skill is offered, left unticked).
    await page.getByTestId("resource-mode-tools").locator('[data-value="selected"]').click();
    await expect(page.getByTestId("resource-options-tools")).toContainText("install_skill");
    // Subagents: null and [] both mean all, so there is no "None".
    await expect(page.getByTestId("resource-mode-subagents").locator('[data-value="none"]')).toHaveCount(0);
    await expect(modeOf(page, "subagents")).toHaveText("All visible subagents");

    // Admin-only fields are in the admin's form, with inline validation from the JSON Schema bounds.
    await expect(page.getByTestId("config-field-summary_threshold")).toBeVisible();
    const steps = page.getByTestId("config-field-max_execution_steps");
    await steps.fill("0");
    await expect(page.getByTestId("config-error-max_execution_steps")).toHaveText("Must be at least 1.");
    await steps.fill("12");
    await expect(page.getByTestId("config-error-max_execution_steps")).toHaveCount(0);

    await page.getByTestId("sharing-read-department").getByLabel(department.name).check();
    await expect(page.getByTestId("sharing-read-global")).toBeEnabled(); // the superadmin may share globally
    await screenshotTall(page, "test-results/admin-agents-form.png");

    await page.getByTestId("agent-save").click();
    await expect(page).toHaveURL(/\/admin\/agents$/);
    await expect(row(page, slug)).toBeVisible();
    await expect(row(page, slug).getByTestId("agent-shared-with")).toHaveText(department.name);

    const agents = (await (await admin.get("/api/agents?manage=1")).json()) as Agent[];
    const saved = agents.find((a) => a.slug === slug)!;
    expect(saved.config).toMatchObject({ tools: [], max_execution_steps: 12, subagents: null, knowledges: null });
    expect(saved.sharing?.read.departmentIds).toEqual([department.id]);

    // Reopened, the stored [] shows as "None".
    await row(page, slug).getByTestId("agent-edit").click();
    await expect(modeOf(page, "tools")).toHaveAttribute("data-value", "none");
    await expect(page.getByTestId("config-field-max_execution_steps")).toHaveValue("12");
    await page.getByTestId("agent-cancel").click();

    // A member of the department picks the agent in a new chat; the model gets its system prompt.
    const key = `agents-${suffix}`;
    await mock.script(key, [{ text: "Orbit here: pack light." }]);
    const context = await browser.newContext();
    const memberPage = await context.newPage();
    await signInPage(memberPage, member);
    await memberPage.getByTestId("agent-picker").click();
    await memberPage.getByTestId("agent-option").filter({ hasText: agentName }).click();
    await expect(memberPage.getByTestId("agent-picker")).toContainText(agentName);
    await memberPage.getByTestId("composer-input").fill(`Plan a weekend ${scriptMarker(key)}`);
    await memberPage.getByTestId("send-button").click();
    await expect(memberPage.getByTestId("message-assistant").last()).toContainText("Orbit here: pack light.");

    const requests = await mock.requests(key);
    expect(requests.length).toBeGreaterThan(0);
    const messages = (requests[0].body as { messages: { role: string; content: unknown }[] }).messages;
    const system = messages
      .filter((m) => m.role === "system" || m.role === "developer")
      .map((m) => JSON.stringify(m.content))
      .join("\n");
    expect(system).toContain(promptMark);
    await context.close();
  });

  test("the superadmin creates a subagent in the same form, and chats can delegate to it", async ({ page }) => {
    const subSlug = `scout-${suffix}`;
    const subName = `Scout ${suffix}`;
    await signInPage(page, undefined, "/admin/agents?agent=new");
    await page.getByTestId("agent-name").fill(subName);
    await expect(page.getByTestId("agent-slug")).toHaveValue(subSlug);
    await page.getByTestId("agent-description").fill("Scouts one source and reports back.");
    await page.getByTestId("agent-type").locator('[data-value="subagent"]').click();
    await expect(page.getByTestId("agent-type").locator('[aria-checked="true"]')).toHaveAttribute(
      "data-value",
      "subagent",
    );
    await page.getByTestId("config-field-system_prompt").fill(`You scout sources. SCOUT-${suffix}`);
    await page.getByTestId("agent-save").click();
    await expect(page).toHaveURL(/\/admin\/agents$/);
    await expect(row(page, subSlug).getByTestId("agent-type-badge")).toHaveText("Subagent");
    const saved = (
      (await (await admin.get("/api/agents?manage=1")).json()) as (Agent & { isSubagent: boolean })[]
    ).find((a) => a.slug === subSlug)!;
    expect(saved.isSubagent).toBe(true);
    // It never shows in the agent picker, and the main agent's `task` tool offers it.
    const key = `scout-${suffix}`;
    await mock.script(key, [{ text: "Noted." }]);
    await page.goto("/");
    await page.getByTestId("agent-picker").click();
    await expect(page.getByTestId("agent-option").filter({ hasText: subName })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.getByTestId("composer-input").fill(`Who can scout? ${scriptMarker(key)}`);
    await page.getByTestId("send-button").click();
    await expect(page.getByTestId("message-assistant").last()).toContainText("Noted.");
    type Tool = {
      function: { name: string; description: string; parameters: { properties: Record<string, { enum?: string[] }> } };
    };
    const tools = ((await mock.requests(key))[0].body as { tools: Tool[] }).tools;
    const task = tools.find((t) => t.function.name === "task")!;
    expect(task.function.parameters.properties.subagent_slug.enum).toContain(subSlug);
    expect(task.function.description).toContain(`${subSlug}: ${subName} — Scouts one source and reports back.`);
    await admin.delete(`/api/agents/${saved.id}`);
  });

  test("a member builds their own agent in the same form, without admin-only fields", async ({ browser }) => {
    // An agent the superadmin shares with the member's department (the first test makes one in the form).
    const sharedSlug = `atlas-${suffix}`;
    const shared = await admin.post("/api/agents", {
      data: {
        slug: sharedSlug,
        name: `Atlas ${suffix}`,
        config: {},
        sharing: { read: { departmentIds: [department.id] } },
      },
    });
    expect(shared.status(), await shared.text()).toBe(201);
    const context = await browser.newContext({ colorScheme: "dark" });
    const page = await context.newPage();
    await signInPage(page, member);
    // A click before hydration opens nothing; retry until the menu is open.
    await expect(async () => {
      const menu = page.getByTestId("user-menu");
      if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
      await expect(page.getByTestId("menu-agents")).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await page.getByTestId("menu-agents").click();
    await expect(page).toHaveURL(/\/agents$/);
    await expect(row(page, sharedSlug).getByTestId("agent-access")).toHaveText("Can use");
    await expect(row(page, sharedSlug).getByTestId("agent-edit")).toHaveAttribute("aria-disabled", "true");

    await page.getByTestId("agent-create").click();
    await expect(page.getByTestId("config-field-system_prompt")).toBeVisible();
    await expect(page.getByTestId("config-field-tool_approval_mode")).toBeVisible();
    // Every approval mode is described under the control; the chosen one is marked.
    const modes = page.getByTestId("config-options-tool_approval_mode");
    await expect(modes.locator("[data-option]")).toHaveCount(3);
    await expect(modes.locator('[data-option="default"]')).toHaveAttribute("data-selected", "true");
    await expect(modes.locator('[data-option="default"]')).toContainText("waits for approval");
    await expect(modes.locator('[data-option="auto"]')).toContainText("conversation's own folder");
    await expect(modes.locator('[data-option="trust"]')).toContainText("only when an administrator sets it");
    await page.getByTestId("config-field-tool_approval_mode").selectOption("auto");
    await expect(modes.locator('[data-option="auto"]')).toHaveAttribute("data-selected", "true");
    await expect(modes.locator('[data-option="default"]')).toHaveAttribute("data-selected", "false");
    await page.getByTestId("config-field-tool_approval_mode").selectOption("default");
    await expect(page.getByTestId("config-field-max_execution_steps")).toHaveCount(0);
    await expect(page.getByTestId("config-field-summary_threshold")).toHaveCount(0);
    await expect(page.getByTestId("config-group-summary")).toHaveCount(0);
    await expect(page.getByTestId("sharing-private")).toBeVisible(); // no directory of people for members

    const ownSlug = `mine-${suffix}`;
    await page.getByTestId("agent-name").fill(`Mine ${suffix}`);
    await expect(page.getByTestId("agent-slug")).toHaveValue(ownSlug);
    await page.getByTestId("config-field-system_prompt").fill("Answer in haiku.");
    await page.getByTestId("resource-mode-mcps").locator('[data-value="none"]').click();
    await screenshotTall(page, "test-results/agents-user-dark.png");

    await page.getByTestId("agent-save").click();
    await expect(row(page, ownSlug)).toBeVisible();
    await expect(row(page, ownSlug).getByTestId("agent-access")).toHaveText("Can edit");
    await expect(row(page, ownSlug).getByTestId("agent-shared-with")).toHaveText("Private");
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(row(page, ownSlug)).toBeVisible();
    await saveScreenshot(page, { path: "test-results/agents-user-mobile-dark.png" });
    await context.close();
  });
});
