import { expect, test, type Browser, type Page } from "./test";
import { docxWithParagraphs, pdfWithText } from "../lib/testing/kb-samples";
import { createUser, signIn, signInAsAdmin, signInPage, type CreatedUser } from "./helpers/auth";
import { uniqueName } from "./helpers/org";
import { clickUntilVisible, oncePerWorker, pageInView, type View, saveScreenshot, VIEWS } from "./helpers/pages";

/**
 * Knowledge bases in the browser, as a plain user: create one from the menu, tune its chunking,
 * upload Markdown, PDF and Word through the page and watch them index, see a corrupt PDF fail
 * with its reason and fail again after Retry, find a PDF sentence in the retrieval test and open
 * it in the viewer at its lines. Screenshots of list, detail, retrieval and viewer at desktop and
 * phone width, light and dark, English and Chinese.
 */

const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/kb-${name}.png`;
const kbName = uniqueName("Harbour handbook");
const SENTENCE = "The copper kettle in the lighthouse is polished every Thursday.";
const QUERY = "copper kettle polished";
const filler = (i: number) => `Ledger entry ${i} records a routine delivery of rope and lamp oil.`;
const PDF_LINES = [...Array.from({ length: 34 }, (_, i) => filler(i + 1)), SENTENCE, filler(35), filler(36)];
const FILES = {
  md: {
    name: "harbour.md",
    mimeType: "text/markdown",
    buffer: Buffer.from("# Harbour guide\n\n## Tides\nThe tide tables are posted at the harbour office.\n"),
  },
  pdf: { name: "ledger.pdf", mimeType: "application/pdf", buffer: pdfWithText(PDF_LINES) },
  docx: {
    name: "travel.docx",
    mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    buffer: docxWithParagraphs([{ text: "Travel", heading: 1 }, { text: "Book trains for short trips." }]),
  },
  broken: { name: "broken.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 nope") },
};

const documentRow = (page: Page, name: string) => page.getByTestId("kb-document").filter({ hasText: name });

test.describe.serial("knowledge bases in the browser", () => {
  let member: CreatedUser;

  test.beforeAll(async ({ baseURL }) => {
    const admin = await signInAsAdmin(baseURL!);
    member = await createUser(admin, { role: "user" });
    await admin.dispose();
  });

  test("create, upload and index, fail and retry, retrieve and open at the cited lines", async ({ page }) => {
    test.setTimeout(180_000);
    await signInPage(page, member);
    await clickUntilVisible(page.getByTestId("user-menu"), page.getByTestId("menu-kbs"));
    await page.getByTestId("menu-kbs").click();
    await expect(page).toHaveURL(/\/kbs$/);
    await expect(page.getByTestId("kbs-page")).toBeVisible();

    // --- Create: the new knowledge base opens on its Documents tab.
    await clickUntilVisible(page.getByTestId("kb-create-button"), page.getByTestId("kb-create-dialog"));
    await page.getByTestId("kb-create-submit").click();
    // Checked in the browser with the route's schema, and said on the field.
    await expect(page.getByTestId("kb-create-name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("kb-create-dialog").getByTestId("field-error")).toHaveText("Required.");
    await page.getByTestId("kb-create-name").fill(kbName);
    await page.getByTestId("kb-create-description").fill("Logs and guides of the northern harbour.");
    await page.getByTestId("kb-create-submit").click();
    await expect(page).toHaveURL(/\/kbs\?kb=[\w-]+$/);
    const kbId = new URL(page.url()).searchParams.get("kb")!;
    await expect(page.getByTestId("kb-name")).toHaveText(kbName);
    await expect(page.getByTestId("kb-access")).toHaveText("Can manage");
    await expect(page.getByTestId("kb-documents-empty")).toBeVisible();

    // --- Settings: small chunks, so the PDF's sentence gets a chunk of its own further down.
    await page.getByTestId("kb-tab-settings").click();
    await expect(page).toHaveURL(/tab=settings/);
    await page.getByTestId("kb-settings-chunk-size").fill("64");
    await page.getByTestId("kb-settings-chunk-overlap").fill("40");
    await page.getByTestId("kb-settings-save").click();
    await expect(page.getByTestId("kb-settings-error")).toContainText("less than half");
    await page.getByTestId("kb-settings-chunk-overlap").fill("8");
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/kbs/${kbId}`) && r.request().method() === "PATCH");
    await page.getByTestId("kb-settings-save").click();
    expect((await saved).status()).toBe(200);
    expect(((await (await saved).json()) as { chunking: { chunkSize: number } }).chunking.chunkSize).toBe(64);

    // --- Upload Markdown, PDF and Word in one pick; each shows progress, then reaches "indexed".
    await page.getByTestId("kb-tab-documents").click();
    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith(`/api/kbs/${kbId}/documents`) && r.request().method() === "POST",
    );
    await page.getByTestId("kb-upload-input").setInputFiles([FILES.md, FILES.pdf, FILES.docx]);
    expect((await uploaded).status()).toBe(201);
    // The bars may be gone within a second: read one the moment it shows, then picture the list.
    const bar = await page
      .waitForFunction(
        () => {
          const el = document.querySelector('[data-testid="kb-document-progress"]');
          return el && { role: el.getAttribute("role"), now: el.getAttribute("aria-valuenow") };
        },
        null,
        { timeout: 3_000 },
      )
      .then(
        (handle) => handle.jsonValue(),
        () => null,
      );
    if (bar) {
      expect(bar.role).toBe("progressbar");
      expect(Number(bar.now)).toBeGreaterThanOrEqual(0);
      await saveScreenshot(page.getByTestId("kb-documents"), { path: shot("progress") });
    }
    test.info().annotations.push({ type: "progress bar seen", description: String(bar !== null) });
    console.log(`[kbs] progress bar seen while processing: ${JSON.stringify(bar)}`);
    for (const file of [FILES.md, FILES.pdf, FILES.docx]) {
      const row = documentRow(page, file.name);
      await expect(row).toHaveAttribute("data-status", "indexed", { timeout: 30_000 });
      await expect(row.getByTestId("kb-document-status")).toHaveText("Indexed");
      await expect(row.getByTestId("kb-document-progress")).toHaveCount(0);
    }
    await expect(page.getByTestId("kb-counts")).toContainText("3 documents");

    // --- A corrupt PDF fails parsing with its reason; Retry queues it again, and it fails again.
    await page.getByTestId("kb-upload-input").setInputFiles([FILES.broken]);
    const broken = documentRow(page, FILES.broken.name);
    await expect(broken).toHaveAttribute("data-status", "error_parsing", { timeout: 30_000 });
    await expect(broken.getByTestId("kb-document-status")).toHaveText("Parsing failed");
    await expect(broken.getByTestId("kb-document-error")).toContainText("PDF could not be read");
    const retried = page.waitForResponse((r) => r.url().endsWith("/retry") && r.request().method() === "POST");
    await broken.getByTestId("kb-document-retry").click();
    expect((await retried).status()).toBe(200);
    expect(((await (await retried).json()) as { status: string }).status).toBe("uploaded");
    await expect(broken).toHaveAttribute("data-status", /^(uploaded|parsing)$/);
    await expect(broken.getByTestId("kb-document-error")).toHaveCount(0);
    await expect(broken).toHaveAttribute("data-status", "error_parsing", { timeout: 30_000 });
    await expect(broken.getByTestId("kb-document-error")).toContainText("PDF could not be read");
    await expect(broken.getByTestId("kb-document-retry")).toBeVisible();
    await expect(page.getByTestId("kb-status-line").first()).toContainText("1 failed");

    // --- Retrieval test: the PDF's sentence comes first, its words marked.
    await page.getByTestId("kb-tab-retrieval").click();
    await page.getByTestId("kb-query-input").fill(QUERY);
    await page.getByTestId("kb-query-mode").locator('[data-value="bm25"]').click();
    await page.getByTestId("kb-query-submit").click();
    await expect(page).toHaveURL(/tab=retrieval&q=copper\+kettle\+polished&mode=bm25/);
    const top = page.getByTestId("kb-result").first();
    await expect(top.getByTestId("kb-result-file")).toHaveText(FILES.pdf.name);
    await expect(top.getByTestId("kb-result-content")).toContainText(SENTENCE);
    await expect(
      top
        .locator("mark")
        .filter({ hasText: /^kettle$/i })
        .first(),
    ).toBeVisible();
    await expect(top.getByTestId("kb-result-lines")).toHaveText(/^Lines? \d+/);
    const startLine = Number(/(\d+)/.exec((await top.getByTestId("kb-result-lines").textContent())!)![1]);
    expect(startLine).toBeGreaterThan(20);

    // --- Open: the viewer shows the cited lines, marked and scrolled into view.
    await top.getByTestId("kb-result-open").click();
    await expect(page).toHaveURL(new RegExp(`doc=[\\w-]+&line=${startLine}(&to=\\d+)?$`));
    await expect(page.getByTestId("kb-viewer-name")).toHaveText(FILES.pdf.name);
    const marked = page.locator("[data-highlighted]");
    await expect(marked.first()).toHaveAttribute("data-line", String(startLine));
    await expect(page.getByTestId("kb-viewer-text")).toContainText(SENTENCE);
    expect((await marked.allTextContents()).join(" ")).toContain("copper kettle");
    await expect(page.locator(`[data-line="${startLine}"]`)).toBeInViewport();

    // Back returns to the same results.
    await page.goBack();
    await expect(page.getByTestId("kb-result").first().getByTestId("kb-result-file")).toHaveText(FILES.pdf.name);

    // --- A knowledge base shared for reading (the demo one): documents and retrieval, no management.
    await page.getByTestId("kb-back").click();
    const readOnly = page
      .getByTestId("kb-card")
      .filter({ has: page.locator('[data-access="read"]') })
      .first();
    await readOnly.getByTestId("kb-open").click();
    await expect(page.getByTestId("kb-detail")).toBeVisible();
    await expect(page.getByTestId("kb-detail").getByTestId("kb-access")).toHaveText("Read only");
    await expect(page.getByTestId("kb-document").first()).toBeVisible();
    await expect(page.getByTestId("kb-upload-zone")).toHaveCount(0);
    await expect(page.getByTestId("kb-document-delete")).toHaveCount(0);
    await expect(page.getByTestId("kb-tab-settings")).toHaveCount(0);
    await expect(page.getByTestId("kb-tab-retrieval")).toBeVisible();
  });
});

type Seeded = { user: CreatedUser; kbId: string; kbName: string; pdfId: string };

/**
 * What the views show, as the first test leaves its knowledge base: small chunks, Markdown, PDF
 * and Word indexed, the corrupt PDF failed. Made through the API once per worker, for a user of
 * its own; the views only read it.
 */
async function seedViews(baseURL: string): Promise<Seeded> {
  const admin = await signInAsAdmin(baseURL);
  const user = await createUser(admin, { role: "user" });
  await admin.dispose();
  const api = await signIn(baseURL, user.username, user.password);
  const name = uniqueName("Harbour handbook");
  const created = await api.post("/api/kbs", {
    data: {
      name,
      description: "Logs and guides of the northern harbour.",
      chunking: { chunkSize: 64, chunkOverlap: 8 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const kbId = ((await created.json()) as { id: string }).id;
  const ids: Record<string, string> = {};
  for (const file of [FILES.md, FILES.pdf, FILES.docx, FILES.broken]) {
    const res = await api.post(`/api/kbs/${kbId}/documents`, { multipart: { file } });
    expect(res.status(), await res.text()).toBe(201);
    ids[file.name] = ((await res.json()) as { id: string }[])[0].id;
  }
  const expected = {
    [FILES.md.name]: "indexed",
    [FILES.pdf.name]: "indexed",
    [FILES.docx.name]: "indexed",
    [FILES.broken.name]: "error_parsing",
  };
  await expect
    .poll(
      async () => {
        const docs = (await (await api.get(`/api/kbs/${kbId}/documents`)).json()) as { name: string; status: string }[];
        return Object.fromEntries(docs.map((d) => [d.name, d.status]));
      },
      { timeout: 30_000 },
    )
    .toEqual(expected);
  await api.dispose();
  return { user, kbId, kbName: name, pdfId: ids[FILES.pdf.name] };
}

const seeded = oncePerWorker(seedViews);

test.describe("list, detail, retrieval and viewer at desktop and phone, light and dark, English and Chinese", () => {
  // One test per view, each in a context of its own: they may run on both workers.
  test.describe.configure({ mode: "parallel" });
  let kb: Seeded;

  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(90_000);
    kb = await seeded(baseURL!);
  });

  for (const { locale, colorScheme, width } of VIEWS)
    test(`list, detail, retrieval and viewer (${locale}, ${colorScheme}, ${width} px)`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      await screenshots(browser, { baseURL: baseURL!, user: kb.user, locale, colorScheme, width }, kb);
    });
});

async function screenshots(browser: Browser, view: View, { kbId, kbName, pdfId }: Seeded) {
  const { locale, colorScheme, width } = view;
  const { page, context } = await pageInView(browser, view);
  const name = (what: string) => shot(`${what}-${locale}-${colorScheme}-${width}`);
  const noOverflow = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  await page.goto("/kbs");
  await expect(page.locator("html")).toHaveAttribute("lang", locale);
  await expect(page.getByTestId("kb-card").filter({ hasText: kbName })).toBeVisible();
  await noOverflow();
  await saveScreenshot(page, { path: name("list") });

  await page.goto(`/kbs?kb=${kbId}`);
  await expect(page.getByTestId("kb-document")).toHaveCount(4);
  await expect(documentRow(page, "broken.pdf")).toHaveAttribute("data-status", "error_parsing");
  // The failure's reason is in the reader's language.
  await expect(documentRow(page, "broken.pdf").getByTestId("kb-document-error")).toContainText(
    locale === "en" ? "The PDF could not be read" : "无法读取该 PDF",
  );
  await noOverflow();
  await saveScreenshot(page, { path: name("detail") });

  await page.goto(`/kbs?kb=${kbId}&tab=retrieval&q=${encodeURIComponent(QUERY)}&mode=bm25`);
  await expect(page.getByTestId("kb-result").first()).toBeVisible();
  await noOverflow();
  await saveScreenshot(page, { path: name("retrieval") });

  await page.goto(`/kbs?kb=${kbId}&tab=settings`);
  await expect(page.getByTestId("kb-settings")).toBeVisible();
  await expect(page.getByTestId("kb-settings-chunk-size")).toHaveValue("64");
  await noOverflow();
  await saveScreenshot(page.getByTestId("kb-settings"), { path: name("settings") });

  await page.goto(`/kbs?kb=${kbId}&doc=${pdfId}&line=30&to=32`);
  await expect(page.locator('[data-line="30"]')).toBeInViewport();
  await noOverflow();
  await saveScreenshot(page, { path: name("viewer") });
  await context.close();
}
