import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, signInAsAdmin, type CreatedUser } from "./helpers/auth";
import { uniqueName } from "./helpers/org";
import { clickUntilVisible, signInThroughForm, pageInView, type View } from "./helpers/pages";

/**
 * A knowledge base's mind map in the browser. Its manager asks for one too early and is told
 * why, uploads Markdown, generates the map (the demo model draws it from the headings), opens and
 * closes topics with the mouse and the keyboard, follows a heading to the viewer at its line, and
 * picks the model that draws it. A reader sees the map but cannot (re)generate it. While a map
 * is written the panel polls and keeps the old one; a failure shows its reason. Screenshots at
 * desktop and phone width, light and dark, English and Chinese.
 */

const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/kb-mindmap-${name}.png`;
const kbName = uniqueName("Harbour handbook");
const GUIDE = [
  "# Harbour guide",
  "",
  "Everything a visiting skipper needs to know.",
  "",
  "## Tides",
  "",
  "The tide tables are posted at the harbour office.",
  "",
  "### Spring tides",
  "",
  "Spring tides run high twice a month.",
  "",
  "### Neap tides",
  "",
  "Neap tides are gentle.",
  "",
  "## Moorings",
  "",
  "### Visitor berths along the long pontoon between the fuel dock and the harbour master's office",
  "",
  "Visitors moor on the long pontoon.",
  "",
].join("\n");
const WAREHOUSE = ["# 仓库管理", "", "## 盘点", "", "### 季度盘点", "", "每个季度末进行一次全面盘点。", ""].join("\n");
const FILES = [
  { name: "harbour.md", mimeType: "text/markdown", buffer: Buffer.from(GUIDE) },
  { name: "仓库.md", mimeType: "text/markdown", buffer: Buffer.from(WAREHOUSE) },
];
const FAILURE = "The model did not answer with a mind map.";
const lineOf = (heading: string) => GUIDE.split("\n").indexOf(heading) + 1;

let manager: CreatedUser;
let reader: CreatedUser;
let kbId = "";
let bareKbId = "";

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  manager = await createUser(admin, { role: "user" });
  reader = await createUser(admin, { role: "user" });
  await admin.dispose();
});

const topic = (page: Page, title: string) => page.getByRole("treeitem", { name: title, exact: true });
const toggleOf = (page: Page, title: string) => topic(page, title).getByTestId("kb-mindmap-toggle").first();

test.describe.serial("knowledge base mind map", () => {
  test("a manager generates the map, browses it with mouse and keyboard, and opens a heading", async ({ page }) => {
    test.setTimeout(180_000);
    await signInThroughForm(page, manager);
    await page.goto("/kbs");
    await clickUntilVisible(page.getByTestId("kb-create-button"), page.getByTestId("kb-create-dialog"));
    await page.getByTestId("kb-create-name").fill(kbName);
    await page.getByTestId("kb-create-submit").click();
    await expect(page).toHaveURL(/\/kbs\?kb=[\w-]+$/);
    kbId = new URL(page.url()).searchParams.get("kb")!;

    // --- Too early: no indexed document yet, and the panel says so.
    await page.getByTestId("kb-tab-mindmap").click();
    await expect(page).toHaveURL(/tab=mindmap/);
    await expect(page.getByTestId("kb-mindmap-empty")).toContainText("No mind map yet");
    await expect(page.getByTestId("kb-mindmap-reader-note")).toHaveCount(0);
    const refused = page.waitForResponse((r) => r.url().endsWith("/mindmap") && r.request().method() === "POST");
    await page.getByTestId("kb-mindmap-generate").click();
    expect((await refused).status()).toBe(409);
    await expect(page.getByTestId("kb-mindmap-error")).toContainText("no indexed documents yet");
    await page.getByTestId("kb-mindmap").screenshot({ path: shot("empty") });

    // --- Upload two Markdown files and wait until both are indexed.
    await page.getByTestId("kb-tab-documents").click();
    await expect(page.getByTestId("kb-documents-empty")).toBeVisible();
    await page.getByTestId("kb-upload-input").setInputFiles(FILES);
    for (const file of FILES) {
      const row = page.getByTestId("kb-document").filter({ hasText: file.name });
      await expect(row.getByTestId("kb-document-status")).toHaveText("Indexed", { timeout: 30_000 });
    }

    // --- Generate: the request is queued, the panel polls until the tree is there.
    await page.getByTestId("kb-tab-mindmap").click();
    const queued = page.waitForResponse((r) => r.url().endsWith("/mindmap") && r.request().method() === "POST");
    await page.getByTestId("kb-mindmap-generate").click();
    expect((await queued).status()).toBe(200);
    expect(((await (await queued).json()) as { status: string }).status).toBe("generating");
    await expect(page.getByTestId("kb-mindmap")).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
    await expect(page.getByTestId("kb-mindmap-error")).toHaveCount(0);
    const tree = page.getByRole("tree");
    await expect(tree).toHaveAccessibleName(`Mind map of ${kbName}`);
    await expect(topic(page, kbName)).toHaveAttribute("aria-level", "1");
    await expect(topic(page, "Harbour guide, harbour.md")).toHaveAttribute("aria-level", "2");
    await expect(topic(page, "仓库管理, 仓库.md")).toHaveAttribute("aria-level", "2");
    await expect(topic(page, "Tides")).toHaveAttribute("aria-level", "3");
    await expect(topic(page, "Spring tides")).toHaveAttribute("aria-level", "4");
    await expect(topic(page, "季度盘点")).toBeVisible();
    await expect(page.getByTestId("kb-mindmap-updated")).toHaveText("Generated just now");
    await expect(page.getByTestId("kb-mindmap-generate")).toHaveText("Regenerate");

    // --- The chevron closes and opens a topic.
    await expect(toggleOf(page, "Tides")).toHaveAttribute("aria-expanded", "true");
    await toggleOf(page, "Tides").click();
    await expect(toggleOf(page, "Tides")).toHaveAttribute("aria-expanded", "false");
    await expect(topic(page, "Tides")).toHaveAttribute("aria-expanded", "false");
    await expect(topic(page, "Spring tides")).toBeHidden();
    await toggleOf(page, "Tides").click();
    await expect(topic(page, "Tides")).toHaveAttribute("aria-expanded", "true");
    await expect(topic(page, "Spring tides")).toBeVisible();

    // --- The keyboard: the clicked topic has focus; Left closes, Right opens and enters, Down moves, Left goes up.
    await expect(topic(page, "Tides")).toBeFocused();
    await expect(topic(page, "Tides")).toHaveAttribute("tabindex", "0");
    await page.keyboard.press("ArrowLeft");
    await expect(topic(page, "Tides")).toHaveAttribute("aria-expanded", "false");
    await expect(topic(page, "Neap tides")).toBeHidden();
    await page.keyboard.press("ArrowRight");
    await expect(topic(page, "Neap tides")).toBeVisible();
    await page.keyboard.press("ArrowRight");
    await expect(topic(page, "Spring tides")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(topic(page, "Neap tides")).toBeFocused();
    await expect(tree.locator('[role="treeitem"][tabindex="0"]')).toHaveCount(1);
    await page.getByTestId("kb-mindmap-tree").screenshot({ path: shot("keyboard") });
    await page.keyboard.press("ArrowLeft");
    await expect(topic(page, "Tides")).toBeFocused();

    // --- Collapse all keeps the first level; Expand all opens everything again.
    await page.getByTestId("kb-mindmap-collapse-all").click();
    await expect(topic(page, "Harbour guide, harbour.md")).toHaveAttribute("aria-expanded", "false");
    await expect(topic(page, "Tides")).toBeHidden();
    await page.getByTestId("kb-mindmap-expand-all").click();
    await expect(topic(page, "Spring tides")).toBeVisible();

    // --- A heading opens the viewer at its line, marked.
    await topic(page, "Spring tides").getByTestId("kb-mindmap-link").click();
    const line = lineOf("### Spring tides");
    await expect(page).toHaveURL(new RegExp(`doc=[\\w-]+&line=${line}$`));
    await expect(page.getByTestId("kb-viewer-name")).toHaveText("harbour.md");
    const marked = page.locator("[data-highlighted]");
    await expect(marked).toHaveCount(1);
    await expect(marked).toHaveAttribute("data-line", String(line));
    await expect(marked).toContainText("### Spring tides");
    await page.goBack();
    await expect(topic(page, "Spring tides")).toBeVisible();

    // --- Settings: the model that draws the map, from the composer's list; saved with the rest.
    await page.getByTestId("kb-tab-settings").click();
    const select = page.getByTestId("kb-settings-model");
    await expect(select).toHaveValue("");
    await expect(select.locator("option").first()).toHaveText(/^Default chat model/);
    await expect(select.locator("option")).not.toHaveCount(1);
    const spec = (await select.locator("option").nth(1).getAttribute("value"))!;
    await select.selectOption(spec);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/kbs/${kbId}`) && r.request().method() === "PATCH");
    await page.getByTestId("kb-settings-save").click();
    expect((await saved).status()).toBe(200);
    expect(((await (await saved).json()) as { model: string | null }).model).toBe(spec);

    // --- Regenerate with that model: the map comes back, still with its headings.
    await page.getByTestId("kb-tab-mindmap").click();
    const before = await page.getByTestId("kb-mindmap-updated").getAttribute("datetime");
    await page.getByTestId("kb-mindmap-generate").click();
    await expect(page.getByTestId("kb-mindmap-updated")).not.toHaveAttribute("datetime", before!, { timeout: 30_000 });
    await expect(page.getByTestId("kb-mindmap")).toHaveAttribute("data-status", "ready");
    await expect(topic(page, "Spring tides")).toBeVisible();

    // --- Share it for reading, and a second knowledge base with no map yet.
    const readOnly = { read: { userIds: [reader.id] } };
    const shared = await page.request.patch(`/api/kbs/${kbId}`, { data: { sharing: readOnly } });
    expect(shared.status(), await shared.text()).toBe(200);
    const bare = await page.request.post("/api/kbs", { data: { name: uniqueName("Bare shelf"), sharing: readOnly } });
    expect(bare.status(), await bare.text()).toBe(201);
    bareKbId = ((await bare.json()) as { id: string }).id;
  });

  test("a reader sees the map and follows a topic by keyboard, but cannot generate one", async ({ page }) => {
    expect(kbId, "the first test creates the knowledge base").not.toBe("");
    await signInThroughForm(page, reader);
    await page.goto(`/kbs?kb=${kbId}&tab=mindmap`);
    await expect(page.getByTestId("kb-access")).toHaveText("Read only");
    await expect(topic(page, "Spring tides")).toBeVisible();
    await expect(page.getByTestId("kb-mindmap-updated")).toBeVisible();
    await expect(page.getByTestId("kb-mindmap-generate")).toHaveCount(0);
    await expect(page.getByTestId("kb-tab-settings")).toHaveCount(0);

    // Tab reaches the tree once (on the root); Down walks to the document, Enter opens it.
    await topic(page, kbName).focus();
    await page.keyboard.press("ArrowDown");
    await expect(topic(page, "Harbour guide, harbour.md")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/doc=[\w-]+&line=1$/);
    await expect(page.getByTestId("kb-viewer-name")).toHaveText("harbour.md");

    // A knowledge base without a map: what it is, and who can make one; no button.
    await page.goto(`/kbs?kb=${bareKbId}&tab=mindmap`);
    await expect(page.getByTestId("kb-mindmap-empty")).toBeVisible();
    await expect(page.getByTestId("kb-mindmap-reader-note")).toHaveText(
      "Someone who manages this knowledge base can generate it.",
    );
    await expect(page.getByTestId("kb-mindmap-generate")).toHaveCount(0);
  });

  test("while a map is written the panel polls and keeps the old one; a failure shows its reason", async ({ page }) => {
    expect(kbId, "the first test creates the knowledge base").not.toBe("");
    // The demo model answers within a second: the server's answers are rewritten to hold each state.
    let answer: "nothing yet" | "generating" | "failed" | "as is" = "nothing yet";
    let polls = 0;
    await page.route(`**/api/kbs/${kbId}/mindmap`, async (route) => {
      if (route.request().method() !== "GET" || answer === "as is") return route.continue();
      polls += 1;
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      const json =
        answer === "nothing yet"
          ? { ...body, status: "generating", tree: null, updatedAt: null }
          : answer === "generating"
            ? { ...body, status: "generating" }
            : { ...body, status: "failed", error: FAILURE };
      await route.fulfill({ response, json });
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInThroughForm(page, manager);
    await page.goto(`/kbs?kb=${kbId}&tab=mindmap`);
    const panel = page.getByTestId("kb-mindmap");

    await expect(page.getByTestId("kb-mindmap-generating")).toContainText("Drawing the mind map…");
    await expect(panel.getByRole("progressbar")).toHaveAccessibleName("Generating the mind map");
    await expect(page.getByRole("tree")).toHaveCount(0);
    await expect(page.getByTestId("kb-mindmap-generate")).toHaveCount(0);
    await panel.screenshot({ path: shot("generating-first") });

    // Polling brings the previous map in under the notice; Regenerate waits.
    const before = polls;
    answer = "generating";
    await expect(topic(page, "Spring tides")).toBeVisible();
    expect(polls).toBeGreaterThan(before);
    await expect(page.getByTestId("kb-mindmap-generating")).toContainText("The current one stays");
    await expect(page.getByTestId("kb-mindmap-generate")).toBeDisabled();
    await panel.screenshot({ path: shot("generating-again") });

    // A failure: its reason, Try again, and the previous map below.
    answer = "failed";
    await expect(page.getByTestId("kb-mindmap-failed")).toBeVisible();
    await expect(page.getByTestId("kb-mindmap-failed-reason")).toHaveText(FAILURE);
    await expect(page.getByTestId("kb-mindmap-generate")).toHaveCount(1);
    await expect(page.getByTestId("kb-mindmap-generate")).toHaveText("Try again");
    await expect(topic(page, "Spring tides")).toBeVisible();
    await panel.screenshot({ path: shot("failed") });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: shot("failed-390") });

    // Try again, for real this time.
    answer = "as is";
    await page.getByTestId("kb-mindmap-generate").click();
    await expect(panel).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
    await expect(page.getByTestId("kb-mindmap-failed")).toHaveCount(0);
    await expect(page.getByTestId("kb-mindmap-generate")).toHaveText("Regenerate");
  });

  test("the mind map at desktop and phone, light and dark, English and Chinese", async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    expect(kbId, "the first test creates the knowledge base").not.toBe("");
    await signInThroughForm(page, manager);
    const storageState = await page.context().storageState();
    for (const locale of ["en", "zh-CN"] as const)
      for (const colorScheme of ["light", "dark"] as const)
        for (const width of [1440, 390])
          await screenshot(browser, { baseURL: baseURL!, storageState, locale, colorScheme, width });
  });
});

async function screenshot(browser: Browser, view: View) {
  const { locale, colorScheme, width } = view;
  const { page, context } = await pageInView(browser, view);
  await page.goto(`/kbs?kb=${kbId}&tab=mindmap`);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByRole("treeitem", { name: "季度盘点", exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // Nothing in the panel sticks out of it (long titles and file names wrap).
  const panel = page.getByTestId("kb-mindmap");
  expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.screenshot({ path: shot(`${locale}-${colorScheme}-${width}`) });
  await context.close();
}
