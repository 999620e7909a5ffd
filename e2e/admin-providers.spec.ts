import { expect, test } from "./test";
import { ADMIN, createUser, signInAsAdmin, signInContext, signInPage } from "./helpers/auth";
import { MOCK_URL, mock, scriptMarker } from "./helpers/chat";
import { createDepartment } from "./helpers/org";
import { saveScreenshot } from "./helpers/pages";

/**
 * The superadmin adds a provider pointing at the scripted model server, tests it, fetches and
 * enables a model; the chat then offers that model and answers with it. A department admin
 * sees the providers read-only. The providers are deleted at the end: the other specs expect
 * the demo provider.
 */
const PROVIDER_ID = `e2e-${Date.now().toString(36)}`;
const READ_ONLY_ID = `e2e-ro-${Date.now().toString(36)}`;
const RO_KEY = "sk-e2e-read-only-key-9c2d";
const KEY = "sk-e2e-provider-key-7f3a";
const SPEC = `${PROVIDER_ID}:demo-chat`;
// Screenshots go to test-results/ unless E2E_SCREENSHOT_DIR says otherwise (parallel runs share test-results/).
const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/${name}`;

// In afterEach, so the providers are gone before the tests beside this @solo one resume (e2e/test.ts).
test.afterEach(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  for (const id of [PROVIDER_ID, READ_ONLY_ID])
    expect([204, 404]).toContain((await admin.delete(`/api/admin/providers/${id}`)).status());
  const models = await (await admin.get("/api/models")).json();
  expect(models.demo).toBe(true);
  await admin.dispose();
});

test("the superadmin adds a provider, tests it, enables a model, and the chat answers with it @solo", async ({
  page,
}) => {
  await signInPage(page, ADMIN, "/admin/providers");
  await expect(page.getByTestId("providers-demo-note")).toBeVisible();

  // Create: a preset fills the form, then point it at the scripted server.
  await page.getByTestId("provider-create").click();
  const form = page.getByTestId("provider-form");
  await form.getByTestId("provider-preset-vllm").click();
  await expect(form.getByTestId("provider-base-url")).toHaveValue("http://127.0.0.1:8000/v1");
  await form.getByTestId("provider-name-input").fill("Scripted model server");
  await form.getByTestId("provider-id").fill(PROVIDER_ID);
  await form.getByTestId("provider-base-url").fill(MOCK_URL);
  await form.getByTestId("provider-key").fill(KEY);
  await saveScreenshot(page, { path: shot("admin-providers-dialog.png") });
  await form.getByTestId("provider-save").click();
  await expect(form).toBeHidden();

  const card = page.locator(`[data-testid="provider-card"][data-provider-id="${PROVIDER_ID}"]`);
  await expect(card.getByTestId("provider-key-hint")).toHaveText("sk-…7f3a");
  await expect(card.getByTestId("provider-status")).toHaveAttribute("data-status", "noChatModel");
  await expect(page.locator("body")).not.toContainText(KEY);

  // Test connection: the model list answers (no chat model enabled yet).
  await card.getByTestId("provider-test").click();
  const result = card.getByTestId("provider-test-result");
  await expect(result).toHaveAttribute("data-ok", "true");
  await expect(result).toContainText("4 models");

  // Fetch models: all arrive switched off; enable one and save.
  await card.getByTestId("provider-fetch-models").click();
  const rows = card.getByTestId("model-row");
  await expect(rows).toHaveCount(4);
  await expect(card.locator('[data-testid="model-row"][data-enabled="true"]')).toHaveCount(0);
  const row = card.locator('[data-testid="model-row"][data-model-id="demo-chat"]');
  await row.getByTestId("model-enable").click();
  await row.getByTestId("model-context").fill("65536");
  await card.getByTestId("models-save").click();
  await expect(card.getByTestId("models-unsaved")).toBeHidden();
  await expect(card.getByTestId("provider-status")).toHaveAttribute("data-status", "active");
  await expect(page.getByTestId("providers-demo-note")).toBeHidden();

  // Testing again now also runs a 1-token completion on the enabled model.
  await card.getByTestId("provider-test").click();
  await expect(result).toHaveAttribute("data-ok", "true");
  await expect(result).toContainText("demo-chat answered");

  // The edit dialog never shows the stored key.
  await card.getByTestId("provider-edit").click();
  await expect(form.getByTestId("provider-key")).toHaveValue("");
  await expect(form).toContainText("sk-…7f3a");
  await form.getByTestId("provider-cancel").click();
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 }); // a clean screenshot
  await saveScreenshot(page, { path: shot("admin-providers.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await saveScreenshot(page, { path: shot("admin-providers-dark.png"), fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });

  // The chat offers the model (and only real models: the demo banner is gone) and answers with it.
  await mock.script("e2e-provider", [{ text: "Answered by the admin-configured provider." }]);
  await page.goto("/");
  await expect(page.getByTestId("demo-banner")).toBeHidden();
  await page.getByTestId("model-picker").click();
  const option = page.locator(`[data-testid="model-option"][data-spec="${SPEC}"]`);
  await expect(option).toBeVisible();
  await expect(page.locator('[data-testid="model-option"][data-spec^="demo:"]')).toHaveCount(0);
  await option.click();
  await expect(page.getByTestId("model-picker")).toHaveAttribute("data-spec", SPEC);
  await page.getByTestId("composer-input").fill(`Who answers? ${scriptMarker("e2e-provider")}`);
  await page.getByTestId("send-button").click();
  await expect(page.getByTestId("message-assistant").last()).toContainText(
    "Answered by the admin-configured provider.",
  );
  const [request] = await mock.requests("e2e-provider");
  expect(request.model).toBe("demo-chat");
  await expect(page.getByTestId("status-panel").getByTestId("token-usage-card")).toContainText(SPEC);
});

test("a department admin sees the providers read-only: no create, edit, delete, switch or model changes, and no key @solo", async ({
  baseURL,
  browser,
}) => {
  const root = await signInAsAdmin(baseURL!);
  const models = [
    { id: "demo-chat", type: "chat", contextWindow: 65_536, enabled: true },
    { id: "demo-embedding", type: "embedding", contextWindow: 8_192, enabled: false },
  ];
  const created = await root.post("/api/admin/providers", {
    data: { id: READ_ONLY_ID, name: "Company gateway", baseUrl: MOCK_URL, apiKey: RO_KEY, models },
  });
  expect(created.status(), await created.text()).toBe(201);
  const department = await createDepartment(root);
  const lead = await createUser(root, { role: "admin", departmentId: department.id });
  await root.dispose();

  const views: [string, "light" | "dark", number][] = [
    ["en-US", "light", 1440],
    ["en-US", "dark", 390],
    ["zh-CN", "dark", 1440],
    ["zh-CN", "light", 390],
  ];
  for (const [locale, colorScheme, width] of views) {
    const context = await browser.newContext({ locale, colorScheme, viewport: { width, height: 900 } });
    await signInContext(context, lead);
    const page = await context.newPage();
    await page.goto("/admin/providers");
    await expect(page.getByTestId("providers-page")).toHaveAttribute("data-can-manage", "false");
    await expect(page.getByTestId("providers-read-only")).toBeVisible();
    await expect(page.getByTestId("provider-create")).toHaveCount(0);

    const card = page.locator(`[data-testid="provider-card"][data-provider-id="${READ_ONLY_ID}"]`);
    await expect(card.getByTestId("provider-status")).toHaveAttribute("data-status", "active");
    await expect(card.getByTestId("provider-key-hint")).toHaveText(locale === "zh-CN" ? "已存储密钥" : "key stored");
    for (const control of ["provider-edit", "provider-delete", "provider-enabled"])
      await expect(card.getByTestId(control)).toHaveCount(0);
    await card.getByTestId("provider-expand").click();
    await expect(card.getByTestId("models-list")).toBeVisible();
    await expect(card.getByTestId("model-row")).toHaveCount(2);
    for (const control of ["models-editor", "provider-fetch-models", "model-enable", "model-add", "model-remove"])
      await expect(card.getByTestId(control)).toHaveCount(0);
    // Testing changes nothing, so an admin may: it runs on the superadmin's settings.
    await card.getByTestId("provider-test").click();
    await expect(card.getByTestId("provider-test-result")).toHaveAttribute("data-ok", "true");
    await expect(page.locator("body")).not.toContainText(RO_KEY);
    await expect(page.locator("body")).not.toContainText("9c2d");
    await saveScreenshot(page, {
      path: shot(`admin-providers-read-only-${locale}-${colorScheme}-${width}.png`),
      fullPage: true,
    });
    await context.close();
  }
});
