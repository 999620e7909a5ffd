import { expect, test, type Browser, type Page } from "./test";
import { createUser, signIn, signInAsAdmin, signInContext, signInPage, type CreatedUser } from "./helpers/auth";
import { uniqueName } from "./helpers/org";
import { clickUntilVisible, oncePerWorker, pageInView, type View, saveScreenshot, VIEWS } from "./helpers/pages";

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

const topic = (page: Page, title: string) => page.getByRole("treeitem", { name: title, exact: true });
const toggleOf = (page: Page, title: string) => topic(page, title).getByTestId("kb-mindmap-toggle").first();

test.describe.serial("knowledge base mind map", () => {
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

  test("a manager generates the map, browses it with mouse and keyboard, and opens a heading", async ({ page }) => {
    test.setTimeout(180_000);
    // The knowledge base is made through the API (kbs.spec.ts creates one through the page).
    await signInContext(page.context(), manager);
    const created = await page.request.post("/api/kbs", { data: { name: kbName } });
    expect(created.status(), await created.text()).toBe(201);
    kbId = ((await created.json()) as { id: string }).id;
    await page.goto(`/kbs?kb=${kbId}`);

    // --- Too early: no indexed document yet, and the panel says so.
    await clickUntilVisible(page.getByTestId("kb-tab-mindmap"), page.getByTestId("kb-mindmap-empty"));
    await expect(page).toHaveURL(/tab=mindmap/);
    await expect(page.getByTestId("kb-mindmap-empty")).toContainText("No mind map yet");
    await expect(page.getByTestId("kb-mindmap-reader-note")).toHaveCount(0);
    const refused = page.waitForResponse((r) => r.url().endsWith("/mindmap") && r.request().method() === "POST");
    await page.getByTestId("kb-mindmap-generate").click();
    expect((await refused).status()).toBe(409);
    await expect(page.getByTestId("kb-mindmap-error")).toContainText("no indexed documents yet");
    await saveScreenshot(page.getByTestId("kb-mindmap"), { path: shot("empty") });

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
    await saveScreenshot(page.getByTestId("kb-mindmap-tree"), { path: shot("keyboard") });
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
    await signInPage(page, reader, `/kbs?kb=${kbId}&tab=mindmap`);
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
    await signInPage(page, manager, `/kbs?kb=${kbId}&tab=mindmap`);
    const panel = page.getByTestId("kb-mindmap");

    await expect(page.getByTestId("kb-mindmap-generating")).toContainText("Drawing the mind map…");
    await expect(panel.getByRole("progressbar")).toHaveAccessibleName("Generating the mind map");
    await expect(page.getByRole("tree")).toHaveCount(0);
    await expect(page.getByTestId("kb-mindmap-generate")).toHaveCount(0);
    await saveScreenshot(panel, { path: shot("generating-first") });

    // Polling brings the previous map in under the notice; Regenerate waits.
    const before = polls;
    answer = "generating";
    await expect(topic(page, "Spring tides")).toBeVisible();
    expect(polls).toBeGreaterThan(before);
    await expect(page.getByTestId("kb-mindmap-generating")).toContainText("The current one stays");
    await expect(page.getByTestId("kb-mindmap-generate")).toBeDisabled();
    await saveScreenshot(panel, { path: shot("generating-again") });

    // A failure: its reason, Try again, and the previous map below.
    answer = "failed";
    await expect(page.getByTestId("kb-mindmap-failed")).toBeVisible();
    await expect(page.getByTestId("kb-mindmap-failed-reason")).toHaveText(FAILURE);
    await expect(page.getByTestId("kb-mindmap-generate")).toHaveCount(1);
    await expect(page.getByTestId("kb-mindmap-generate")).toHaveText("Try again");
    await expect(topic(page, "Spring tides")).toBeVisible();
    await saveScreenshot(panel, { path: shot("failed") });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, { path: shot("failed-390") });

    // Try again, for real this time.
    answer = "as is";
    await page.getByTestId("kb-mindmap-generate").click();
    await expect(panel).toHaveAttribute("data-status", "ready", { timeout: 30_000 });
    await expect(page.getByTestId("kb-mindmap-failed")).toHaveCount(0);
    await expect(page.getByTestId("kb-mindmap-generate")).toHaveText("Regenerate");
  });
});

type Seeded = { user: CreatedUser; kbId: string };

/**
 * What the views show, as the first test leaves its knowledge base: both Markdown files indexed,
 * the first model of the list drawing the map, the map ready. Made through the API once per
 * worker, for a manager of its own; the views only read it.
 */
async function seedViews(baseURL: string): Promise<Seeded> {
  const admin = await signInAsAdmin(baseURL);
  const user = await createUser(admin, { role: "user" });
  await admin.dispose();
  const api = await signIn(baseURL, user.username, user.password);
  const { models } = (await (await api.get("/api/models")).json()) as { models: { spec: string }[] };
  const created = await api.post("/api/kbs", { data: { name: uniqueName("Harbour handbook"), model: models[0].spec } });
  expect(created.status(), await created.text()).toBe(201);
  const kbId = ((await created.json()) as { id: string }).id;
  for (const file of FILES) {
    const res = await api.post(`/api/kbs/${kbId}/documents`, { multipart: { file } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await expect
    .poll(
      async () =>
        ((await (await api.get(`/api/kbs/${kbId}/documents`)).json()) as { status: string }[]).map((d) => d.status),
      { timeout: 30_000 },
    )
    .toEqual(FILES.map(() => "indexed"));
  const queued = await api.post(`/api/kbs/${kbId}/mindmap`);
  expect(queued.status(), await queued.text()).toBe(200);
  await expect
    .poll(async () => ((await (await api.get(`/api/kbs/${kbId}/mindmap`)).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe("ready");
  await api.dispose();
  return { user, kbId };
}

const seeded = oncePerWorker(seedViews);

test.describe("the mind map at desktop and phone, light and dark, English and Chinese", () => {
  // One test per view, each in a context of its own: they may run on both workers.
  test.describe.configure({ mode: "parallel" });
  let kb: Seeded;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(90_000);
    kb = await seeded(baseURL!);
  });

  for (const { locale, colorScheme, width } of VIEWS)
    test(`the mind map (${locale}, ${colorScheme}, ${width} px)`, async ({ browser, baseURL }) => {
      await screenshot(browser, { baseURL: baseURL!, user: kb.user, locale, colorScheme, width }, kb.kbId);
    });
});

async function screenshot(browser: Browser, view: View, kbId: string) {
  const { locale, colorScheme, width } = view;
  const { page, context } = await pageInView(browser, view);
  await page.goto(`/kbs?kb=${kbId}&tab=mindmap`);
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByRole("treeitem", { name: "季度盘点", exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  // Nothing in the panel sticks out of it (long titles and file names wrap).
  const panel = page.getByTestId("kb-mindmap");
  expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await saveScreenshot(page, { path: shot(`${locale}-${colorScheme}-${width}`) });
  await context.close();
}
