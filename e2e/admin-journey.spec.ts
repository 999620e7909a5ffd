import { expect, test, type Page } from "./test";
import { ADMIN, signIn, signInAsAdmin } from "./helpers/auth";
import { MOCK_URL, mock, scriptMarker } from "./helpers/chat";
import { uniqueName } from "./helpers/org";
import { clickUntilVisible, saveScreenshot } from "./helpers/pages";

/**
 * The admin journey end to end, in one browser session and through the UI only: the superadmin
 * creates a department with an admin and a user in it, a provider pointing at the scripted
 * model server (tested, a model enabled) and an agent from the schema-generated form shared
 * read-only with the department; then the user signs in, chats with that agent on that model,
 * and never sees the admin-only fields. The API is used only to assert and to script the model.
 */

const suffix = uniqueName("j").slice(2).toLowerCase();
const PROVIDER_ID = `journey-${suffix}`;
const SPEC = `${PROVIDER_ID}:demo-chat`;
const PASSWORD = "user-password-1";
const department = `Journey-${suffix}`;
const adminName = `jlead-${suffix}`;
const userName = `jmember-${suffix}`;
const agentName = `Journey ${suffix}`;
const agentSlug = `journey-${suffix}`;
const promptMark = `JOURNEY-PROMPT-${suffix}`;
const scriptKey = `journey-${suffix}`;
const ADMIN_ONLY = ["max_execution_steps", "summary_threshold"] as const;

// Screenshots go to test-results/ unless E2E_SCREENSHOT_DIR says otherwise (parallel runs share test-results/).
const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/journey-${name}.png`;

let agentId: string | undefined;

// In afterEach, so the provider is gone before the tests beside this @solo one resume (e2e/test.ts).
test.afterEach(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  // The agent names the provider's model: remove it first, then the provider, so the other
  // specs find the demo provider again.
  const agents = (await (await admin.get("/api/agents?manage=1")).json()) as { id: string; slug: string }[];
  agentId ??= agents.find((a) => a.slug === agentSlug)?.id;
  if (agentId) expect([200, 404]).toContain((await admin.delete(`/api/agents/${agentId}`)).status());
  const res = await admin.delete(`/api/admin/providers/${PROVIDER_ID}`);
  expect([204, 404]).toContain(res.status());
  const models = await (await admin.get("/api/models")).json();
  expect(models.demo).toBe(true);
  await admin.dispose();
});

/**
 * Signs the page in as the superadmin with a session of its own, made through the API: the
 * journey signs it out in step 5, which must not end the session signInPage shares in the worker.
 */
async function signInWithOwnSession(page: Page, baseURL: string) {
  const api = await signIn(baseURL, ADMIN.username, ADMIN.password);
  await page.context().addCookies((await api.storageState()).cookies);
  await api.dispose();
  await page.goto("/");
  await expect(page.getByTestId("composer-input")).toBeVisible();
}

/** Signs in through the login form the page is on (where signing out lands) and waits for the chat. */
async function signInOnLoginPage(page: Page, username: string, password: string) {
  await expect(page).toHaveURL(/\/login$/);
  await page.getByTestId("login-username").fill(username);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("composer-input")).toBeVisible();
}

/** Opens the user menu (retrying a click that came before hydration) and picks an entry. */
async function userMenu(page: Page, item: "menu-admin" | "menu-agents" | "logout-button") {
  await expect(async () => {
    const menu = page.getByTestId("user-menu");
    if ((await menu.getAttribute("aria-expanded")) !== "true") await menu.click({ timeout: 2_000 });
    await expect(page.getByTestId(item)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId(item).click();
}

async function createUserInDialog(
  page: Page,
  input: { username: string; displayName: string; role: "admin" | "user" },
) {
  const dialog = page.getByTestId("user-create-dialog");
  await clickUntilVisible(page.getByTestId("user-create"), dialog);
  await dialog.getByTestId("user-form-username").fill(input.username);
  await dialog.getByTestId("user-form-display-name").fill(input.displayName);
  await dialog.getByTestId("user-form-password").fill(PASSWORD);
  await dialog.getByTestId("user-form-role").selectOption(input.role);
  await dialog.getByTestId("user-form-department").selectOption({ label: department });
  await dialog.getByTestId("user-form-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`user-row-${input.username}`)).toContainText(department);
}

/** The whole agent form in one shot: /agents scrolls inside the chat shell, so grow the viewport instead of fullPage. */
async function screenshotForm(page: Page, name: string) {
  await settle(page);
  const height = await page.evaluate(() =>
    Math.max(
      document.documentElement.scrollHeight,
      ...[...document.querySelectorAll("[data-testid=agents-page] > div")].map(
        (el) => el.getBoundingClientRect().top + el.scrollHeight,
      ),
    ),
  );
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: size.width, height: Math.min(Math.ceil(height) + 40, 6000) });
  await saveScreenshot(page, { path: shot(name) });
  await page.setViewportSize(size);
}

/** Toasts fade on their own; wait them out so a screenshot shows the page, not the toast. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test("acceptance: the superadmin sets up an organisation, provider and agent; a member chats with it @solo", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);

  await test.step("1. the superadmin signs in and opens the admin area from the user menu", async () => {
    await signInWithOwnSession(page, baseURL!);
    await userMenu(page, "menu-admin");
    await expect(page).toHaveURL(/\/admin\/users$/);
  });

  await test.step("2. a department, an admin and a user in it", async () => {
    await page.goto("/admin/departments");
    await clickUntilVisible(page.getByTestId("department-create"), page.getByTestId("department-dialog"));
    await page.getByTestId("department-form-name").fill(department);
    await page.getByTestId("department-form-description").fill("Created by the acceptance journey");
    await page.getByTestId("department-form-submit").click();
    await expect(page.getByTestId(`department-row-${department}`)).toBeVisible();

    await page.goto("/admin/users");
    await createUserInDialog(page, { username: adminName, displayName: "Jo Lead", role: "admin" });
    await createUserInDialog(page, { username: userName, displayName: "Mo Member", role: "user" });
    await expect(page.getByTestId(`user-row-${userName}`)).toContainText("Active");

    await page.goto("/admin/departments");
    await expect(page.getByTestId(`department-row-${department}`).getByTestId("department-members")).toHaveText(
      "2 members",
    );
  });

  await test.step("3. a provider on the scripted model server: tested, models fetched, demo-chat enabled", async () => {
    await page.goto("/admin/providers");
    const form = page.getByTestId("provider-form");
    await clickUntilVisible(page.getByTestId("provider-create"), form);
    await form.getByTestId("provider-name-input").fill(`Journey models ${suffix}`);
    await form.getByTestId("provider-id").fill(PROVIDER_ID);
    await form.getByTestId("provider-base-url").fill(MOCK_URL);
    await form.getByTestId("provider-key").fill(`sk-journey-${suffix}`);
    await form.getByTestId("provider-save").click();
    await expect(form).toBeHidden();

    const card = page.locator(`[data-testid="provider-card"][data-provider-id="${PROVIDER_ID}"]`);
    await expect(card.getByTestId("provider-status")).toHaveAttribute("data-status", "noChatModel");

    await card.getByTestId("provider-test").click();
    const result = card.getByTestId("provider-test-result");
    await expect(result).toHaveAttribute("data-ok", "true");
    await expect(result).toContainText("4 models");

    // The card opens expanded after creation; fetched models all arrive switched off.
    await card.getByTestId("provider-fetch-models").click();
    await expect(card.getByTestId("model-row")).toHaveCount(4);
    await expect(card.locator('[data-testid="model-row"][data-enabled="true"]')).toHaveCount(0);
    const row = card.locator('[data-testid="model-row"][data-model-id="demo-chat"]');
    await row.getByTestId("model-enable").click();
    await expect(row).toHaveAttribute("data-enabled", "true");
    await card.getByTestId("models-save").click();
    await expect(card.getByTestId("models-unsaved")).toBeHidden();
    await expect(card.getByTestId("provider-status")).toHaveAttribute("data-status", "active");

    // Tested again, the enabled model answers a 1-token completion.
    await card.getByTestId("provider-test").click();
    await expect(result).toHaveAttribute("data-ok", "true");
    await expect(result).toContainText("demo-chat answered");
    await settle(page);
    await saveScreenshot(page, { path: shot("provider"), fullPage: true });
  });

  await test.step("4. an agent from the generated form, admin-only fields set, shared read-only with the department", async () => {
    await page.goto("/admin/agents");
    await clickUntilVisible(page.getByTestId("agent-create"), page.getByTestId("agent-name"));
    await expect(page).toHaveURL(/\?agent=new$/);
    await page.getByTestId("agent-name").fill(agentName);
    await expect(page.getByTestId("agent-slug")).toHaveValue(agentSlug);
    await page.getByTestId("config-field-system_prompt").fill(`You are the journey agent. ${promptMark}`);
    // The model field offers the model just enabled.
    await page.getByTestId("config-field-model").selectOption(SPEC);

    // The superadmin's form has the admin-only fields.
    for (const key of ADMIN_ONLY) await expect(page.getByTestId(`config-field-${key}`)).toBeVisible();
    await page.getByTestId("config-field-max_execution_steps").fill("17");
    await expect(page.getByTestId("config-error-max_execution_steps")).toHaveCount(0);

    // Read-only: the department in the "use" scope, nothing in "manage".
    await page.getByTestId("sharing-read-department").getByLabel(department, { exact: true }).check();
    await expect(
      page.getByTestId("sharing-manage-department").getByLabel(department, { exact: true }),
    ).not.toBeChecked();
    await screenshotForm(page, "admin-agent-form");

    await page.getByTestId("agent-save").click();
    await expect(page).toHaveURL(/\/admin\/agents$/);
    const agentRow = page.locator(`[data-testid="agent-row"][data-slug="${agentSlug}"]`);
    await expect(agentRow.getByTestId("agent-shared-with")).toHaveText(department);
  });

  await test.step("the saved agent and sharing, as the API reports them", async () => {
    const admin = await signInAsAdmin(new URL(page.url()).origin);
    type SavedAgent = {
      id: string;
      slug: string;
      config: Record<string, unknown>;
      sharing: {
        read: { departmentIds: string[]; global: boolean };
        manage: { departmentIds: string[]; global: boolean; userIds: string[] };
      };
    };
    const saved = ((await (await admin.get("/api/agents?manage=1")).json()) as SavedAgent[]).find(
      (a) => a.slug === agentSlug,
    )!;
    agentId = saved.id;
    expect(saved.config).toMatchObject({ model: SPEC, max_execution_steps: 17 });
    expect(saved.config.system_prompt).toContain(promptMark);
    const departments = (await (await admin.get("/api/admin/departments")).json()) as { id: string; name: string }[];
    const departmentId = departments.find((d) => d.name === department)!.id;
    expect(saved.sharing.read).toMatchObject({ global: false, departmentIds: [departmentId] });
    expect(saved.sharing.manage).toMatchObject({ global: false, departmentIds: [], userIds: [] });
    await admin.dispose();
  });

  await test.step("5. the member signs in, picks the agent and the new model, and the answer streams in", async () => {
    // The admin area has no user menu: back to the chat, sign out from there.
    await page.getByTestId("admin-back-to-chat").click();
    await expect(page.getByTestId("composer-input")).toBeVisible();
    await userMenu(page, "logout-button");
    await expect(page).toHaveURL(/\/login/);
    await signInOnLoginPage(page, userName, PASSWORD);
    await expect(page.getByTestId("user-display-name")).toHaveText("Mo Member");

    const words = Array.from({ length: 120 }, (_, i) => `w${i}`).join(" ");
    await mock.script(scriptKey, [{ text: `Journey agent here. ${words} JOURNEY-END`, chunkSize: 12, delayMs: 60 }]);

    await page.getByTestId("agent-picker").click();
    await page.getByTestId("agent-option").filter({ hasText: agentName }).click();
    await expect(page.getByTestId("agent-picker")).toContainText(agentName);

    await page.getByTestId("model-picker").click();
    const option = page.locator(`[data-testid="model-option"][data-spec="${SPEC}"]`);
    await expect(option).toBeVisible();
    await expect(page.locator('[data-testid="model-option"][data-spec^="demo:"]')).toHaveCount(0);
    await option.click();
    await expect(page.getByTestId("model-picker")).toHaveAttribute("data-spec", SPEC);

    await page.getByTestId("composer-input").fill(`Hello journey agent ${scriptMarker(scriptKey)}`);
    await page.getByTestId("send-button").click();
    await expect(page).toHaveURL(/\/chat\/[\w-]+/);
    const answer = page.getByTestId("message-assistant").last();
    // Streaming: the first words are there while the end is not yet.
    await expect(answer).toContainText("Journey agent here.");
    await expect(answer).not.toContainText("JOURNEY-END");
    await expect(answer).toContainText("JOURNEY-END", { timeout: 30_000 });
    await expect(page.getByTestId("send-button")).toBeVisible();
    await expect(page.getByTestId("status-panel").getByTestId("token-usage-card")).toContainText(SPEC);
    await settle(page);
    await saveScreenshot(page, { path: shot("chat"), fullPage: true });

    const requests = await mock.requests(scriptKey);
    expect(requests).toHaveLength(1);
    expect(requests[0].model).toBe("demo-chat");
    const messages = (requests[0].body as { messages: { role: string; content: unknown }[] }).messages;
    const system = messages
      .filter((m) => m.role === "system" || m.role === "developer")
      .map((m) => JSON.stringify(m.content))
      .join("\n");
    expect(system).toContain(promptMark);
  });

  await test.step("6. the member's own agent form has no admin-only fields", async () => {
    await userMenu(page, "menu-agents");
    await expect(page).toHaveURL(/\/agents$/);
    const sharedRow = page.locator(`[data-testid="agent-row"][data-slug="${agentSlug}"]`);
    await expect(sharedRow.getByTestId("agent-access")).toHaveText("Can use");
    await expect(sharedRow.getByTestId("agent-edit")).toHaveAttribute("aria-disabled", "true");

    await clickUntilVisible(page.getByTestId("agent-create"), page.getByTestId("agent-name"));
    await expect(page.getByTestId("config-field-system_prompt")).toBeVisible();
    await expect(page.getByTestId("config-field-model")).toBeVisible();
    for (const key of ADMIN_ONLY) await expect(page.getByTestId(`config-field-${key}`)).toHaveCount(0);
    await expect(page.getByTestId("config-group-summary")).toHaveCount(0);
    await screenshotForm(page, "member-agent-form");
  });
});
