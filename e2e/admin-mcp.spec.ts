import { expect, test } from "./test";
import { ADMIN, signInAsAdmin, signInContext, signInPage } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { startTestMcpServer, type TestMcpServer } from "../lib/testing/mcp-server";
import { saveScreenshot } from "./helpers/pages";

/**
 * The admin registers an in-process MCP server (started here, on a free port) in the browser,
 * tests it, fetches its tools and switches one off; then a scripted chat calls one of its tools.
 * The server is deleted at the end so the other specs see no MCP tools.
 */
const NAME = `e2e_calc_${Date.now().toString(36)}`;
const TOKEN = "Bearer e2e-mcp-token-5c1d";
let mcp: TestMcpServer;

test.beforeAll(async () => {
  mcp = await startTestMcpServer({ requireHeaders: { authorization: TOKEN } });
});

// In afterEach, so the server is gone before the tests beside this @solo one resume (e2e/test.ts).
test.afterEach(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  const servers = (await (await admin.get("/api/admin/mcp-servers")).json()) as { id: string; name: string }[];
  for (const s of servers.filter((s) => s.name === NAME)) {
    expect((await admin.delete(`/api/admin/mcp-servers/${s.id}`)).status()).toBe(204);
  }
  await admin.dispose();
});

test.afterAll(async () => {
  await mcp?.close();
});

test("an admin registers an MCP server, tests it, fetches its tools, switches one off, and the agent calls one @solo", async ({
  page,
  browser,
}) => {
  await signInPage(page, ADMIN, "/admin/mcp");
  await expect(page.getByTestId("admin-nav-mcp")).toHaveAttribute("aria-current", "page");

  // Register: a header the server requires; its value is never shown again.
  await page.getByTestId("mcp-create").click();
  const form = page.getByTestId("mcp-form");
  // A name the tools could not be prefixed with is marked on the field, not only by a disabled button.
  await form.getByTestId("mcp-name").fill("bad name");
  await expect(form.getByTestId("field-error")).toHaveText(
    "Use up to 32 letters, digits, - and _, starting with a letter or digit.",
  );
  await expect(form.getByTestId("mcp-name")).toHaveAttribute("aria-invalid", "true");
  await form.getByTestId("mcp-name").fill(NAME);
  await expect(form.getByTestId("field-error")).toHaveCount(0);
  await form.getByTestId("mcp-description").fill("Adds numbers and looks up cities (e2e test server)");
  await form.getByTestId("mcp-url").fill(mcp.httpUrl);
  await form.getByTestId("mcp-header-add").click();
  await form.getByTestId("mcp-header-name").fill("Authorization");
  await form.getByTestId("mcp-header-value").fill(TOKEN);
  await form.getByTestId("mcp-save").click();
  await expect(form).toBeHidden();

  const card = page.locator(`[data-testid="mcp-server-card"][data-server="${NAME}"]`);
  await expect(card.getByTestId("mcp-server-headers")).toHaveText("Authorization");
  // Saving listed its tools at once.
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "4 tools listed" })).toBeVisible();
  await expect(card.getByTestId("mcp-server-tool-count")).toHaveText("4 of 4 tools enabled");
  await expect(page.locator("body")).not.toContainText("e2e-mcp-token");

  // Test connection: connected, the server's tools counted.
  await card.getByTestId("mcp-test").click();
  const result = card.getByTestId("mcp-test-result");
  await expect(result).toHaveAttribute("data-ok", "true");
  await expect(result).toContainText("4 tools");
  await expect(result).toContainText("meridian-test-mcp");

  // Refresh tools: all four arrive enabled; switch "slow" off.
  await card.getByTestId("mcp-refresh").click();
  const tools = card.getByTestId("mcp-tool");
  await expect(tools).toHaveCount(4);
  await expect(card.locator('[data-testid="mcp-tool"][data-enabled="true"]')).toHaveCount(4);
  const slow = card.locator('[data-testid="mcp-tool"][data-tool="slow"]');
  await slow.getByTestId("mcp-tool-enabled").click();
  await expect(slow).toHaveAttribute("data-enabled", "false");
  await expect(card.getByTestId("mcp-server-tool-count")).toHaveText("3 of 4 tools enabled");
  await expect(card.locator('[data-testid="mcp-tool"][data-tool="add"]')).toContainText(`${NAME}__add`);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 10_000 });
  await saveScreenshot(page, { path: "test-results/admin-mcp.png", fullPage: true });
  await page.emulateMedia({ colorScheme: "dark" });
  await saveScreenshot(page, { path: "test-results/admin-mcp-dark.png", fullPage: true });
  await page.emulateMedia({ colorScheme: "light" });

  // The switch is stored: after a reload the tool is still off.
  await page.reload();
  await card.getByTestId("mcp-expand").click();
  await expect(card.locator('[data-testid="mcp-tool"][data-tool="slow"]')).toHaveAttribute("data-enabled", "false");

  // The edit dialog lists the stored header by name only.
  await card.getByTestId("mcp-edit").click();
  await expect(form.getByTestId("mcp-header-row")).toHaveAttribute("data-stored", "true");
  await expect(form.getByTestId("mcp-header-value")).toHaveValue("");
  await saveScreenshot(page, { path: "test-results/admin-mcp-edit.png" });
  await form.getByTestId("mcp-cancel").click();

  // A scripted chat: the model calls the MCP tool; the server receives the call; the answer follows.
  await mock.script("e2e-mcp", [
    { toolCalls: [{ name: `${NAME}__add`, args: { a: 20, b: 22 } }] },
    { text: "The MCP server says 42." },
  ]);
  const callsBefore = mcp.calls.length;
  await page.goto("/");
  await page.getByTestId("composer-input").fill(`What is 20 + 22? ${scriptMarker("e2e-mcp")}`);
  await page.getByTestId("send-button").click();
  await expect(page.getByTestId("message-assistant").last()).toContainText("The MCP server says 42.");
  expect(mcp.calls.slice(callsBefore)).toEqual([
    { tool: "add", args: { a: 20, b: 22 }, headers: expect.objectContaining({ authorization: TOKEN }) },
  ]);
  const requests = await mock.requests("e2e-mcp");
  const toolMessages = (requests.at(-1)!.body as { messages: { role: string; content: string }[] }).messages.filter(
    (m) => m.role === "tool",
  );
  expect(toolMessages.map((m) => m.content)).toEqual(["42"]);

  // The same screen in Chinese.
  const zhContext = await browser.newContext({ locale: "zh-CN" });
  await signInContext(zhContext);
  const zh = await zhContext.newPage();
  await zh.goto("/admin/mcp");
  await expect(zh.getByRole("heading", { name: "MCP 服务器" })).toBeVisible();
  const zhCard = zh.locator(`[data-testid="mcp-server-card"][data-server="${NAME}"]`);
  await expect(zhCard.getByTestId("mcp-server-tool-count")).toHaveText("已启用 3/4 个工具");
  await zhCard.getByTestId("mcp-expand").click();
  await expect(zhCard.getByTestId("mcp-tool")).toHaveCount(4);
  await saveScreenshot(zh, { path: "test-results/admin-mcp-zh.png", fullPage: true });
  await zhContext.close();

  // Delete through the confirm dialog: the card goes, and so does the server.
  await page.goto("/admin/mcp");
  const toDelete = page.locator(`[data-testid="mcp-server-card"][data-server="${NAME}"]`);
  await toDelete.getByTestId("mcp-delete").click();
  await page.getByTestId("confirm-accept").click();
  await expect(toDelete).toHaveCount(0);
  const left = (await (await page.request.get("/api/admin/mcp-servers")).json()) as { name: string }[];
  expect(left.map((s) => s.name)).not.toContain(NAME);
});
