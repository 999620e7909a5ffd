import fs from "node:fs";
import { expect, test, type Page } from "./test";
import { ADMIN } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { uniqueName } from "./helpers/org";
import { SAMPLES } from "../lib/testing/file-samples";

/**
 * In the browser, the pages' Content-Security-Policy blocks what it must (an
 * injected inline script) and nothing the app needs. Walks the main pages and collects every
 * CSP violation: the DOM event in every frame, and Chromium's console report.
 */

const suffix = uniqueName("csp").slice(4).toLowerCase();

/**
 * The headless shell (playwright.config.ts's first choice) has no PDF viewer: a framed PDF turns
 * into a download and the frame never loads it. The second test checks that it does, so this
 * file runs in the full browser (new headless mode) when there is one.
 */
const HEADLESS_SHELL = /chromium-headless-shell$/;
const FULL_CHROMIUM = "/usr/bin/chromium";

test.use({
  launchOptions: [
    async ({ launchOptions }, use) => {
      const shell = HEADLESS_SHELL.test(launchOptions.executablePath ?? "") && fs.existsSync(FULL_CHROMIUM);
      await use(shell ? { ...launchOptions, executablePath: FULL_CHROMIUM } : launchOptions);
    },
    { scope: "worker" },
  ],
});

type Violation = { directive: string; blocked: string; source: string };

/** Records violations from the start of every document (frames included) and from the console. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleReports: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(msg.text())) consoleReports.push(msg.text());
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { __csp: Violation[] }).__csp = seen;
    document.addEventListener("securitypolicyviolation", (e) => {
      seen.push({ directive: e.violatedDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` });
    });
  });
  const fromDom: string[] = [];
  // A document's list dies with it: read it before every navigation and at the end.
  const collect = async () => {
    for (const frame of page.frames()) {
      const list = await frame
        .evaluate(() => (window as unknown as { __csp?: Violation[] }).__csp ?? [])
        .catch(() => []);
      fromDom.push(...list.map((v) => `${frame.url()}: ${v.directive} blocked ${v.blocked} (${v.source})`));
      await frame
        .evaluate(() => (window as unknown as { __csp?: Violation[] }).__csp?.splice(0))
        .catch(() => undefined);
    }
  };
  return async () => {
    await collect();
    // Each report once: empty both lists for the next checkpoint.
    return [...new Set([...fromDom.splice(0), ...consoleReports.splice(0)])];
  };
}

test("the policy is enforced: a script slipped into a page or an inline handler does not run, and is reported", async ({
  page,
}) => {
  const violations = await watchViolations(page);
  // As stored XSS would: a script without the nonce inside the server's HTML, under its real headers.
  await page.route("**/login", async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace("</head>", "<script>window.__injected = 'parser';</script></head>");
    await route.fulfill({ response, body: html });
  });
  await page.goto("/login");
  await expect(page.getByTestId("login-submit")).toBeVisible();
  // As HTML injected into the DOM would: an inline event handler.
  await page.evaluate(() => {
    const div = document.createElement("div");
    div.innerHTML = `<img src="data:," onerror="window.__injected = 'handler'">`;
    document.body.append(div);
  });
  // Both are reported once the browser has refused them: the handler's report comes when it would have run.
  const found: string[] = [];
  const reported = (fragments: string[]) => found.some((v) => fragments.some((fragment) => v.includes(fragment)));
  await expect
    .poll(async () => {
      found.push(...(await violations()));
      return [reported(["script-src-elem", "inline script"]), reported(["script-src-attr", "event handler"])];
    })
    .toEqual([true, true]);
  expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
  expect(found.filter((v) => v.includes("script-src-elem") || v.includes("inline script"))).not.toEqual([]);
  expect(found.filter((v) => v.includes("script-src-attr") || v.includes("event handler"))).not.toEqual([]);
});

test("login, chat with a streamed answer, admin pages, the skills editor and file previews run without a CSP violation", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(page);
  const seen: string[] = [];
  const checkpoint = async (where: string) => seen.push(...(await violations()).map((v) => `[${where}] ${v}`));

  // Signed out: the login page, its theme and language switches (next-themes' inline script runs).
  await page.goto("/login");
  await page.getByTestId("theme-switch").click();
  await checkpoint("login");
  // The login form on the page just checked (its sign-in request is part of what runs under the policy).
  await page.getByTestId("login-username").fill(ADMIN.username);
  await page.getByTestId("login-password").fill(ADMIN.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("composer-input")).toBeVisible();
  await expect(page.locator("html")).toHaveClass(/\b(light|dark)\b/);

  // A streamed answer with highlighted code and a toast-capable shell.
  await mock.script(`csp-${suffix}`, [
    { text: "Here it is:\n\n```ts\nconst answer: number = 42;\n```\n\nDONE-CSP", chunkSize: 8, delayMs: 20 },
  ]);
  await page.getByTestId("composer-input").fill(`Show code ${scriptMarker(`csp-${suffix}`)}`);
  await page.getByTestId("send-button").click();
  const answer = page.getByTestId("message-assistant").last();
  await expect(answer).toContainText("DONE-CSP");
  await expect(answer.locator(".hljs-keyword").first()).toBeVisible();
  await checkpoint("chat");

  for (const path of [
    "/admin",
    "/admin/users",
    "/admin/departments",
    "/admin/providers",
    "/admin/agents",
    "/admin/mcp",
    "/agents",
    "/settings/tokens",
  ]) {
    await page.goto(path);
    await expect(page.locator("main").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await checkpoint(path);
  }

  // The skills editor (CodeMirror injects its styles at run time).
  await page.goto("/skills");
  await page.getByTestId("skill-create-button").click();
  const create = page.getByTestId("skill-create-dialog");
  await create.getByTestId("skill-create-name").fill(`Csp ${suffix}`);
  await create.getByTestId("skill-create-description").fill("Checks the policy.");
  await create.getByTestId("skill-create-submit").click();
  const editor = page.getByTestId("skill-editor");
  await expect(editor).toHaveAttribute("data-status", "ready");
  await expect(editor.locator(".cm-content")).toContainText("description:");
  await expect(editor.locator(".cm-gutters")).toBeVisible();
  await checkpoint("skills");

  // File previews from the personal workspace: an HTML file (shown as text) and a PDF (framed).
  await page.goto("/");
  const panel = page.getByTestId("file-panel");
  await expect(async () => {
    if (!(await panel.isVisible())) await page.getByTestId("files-toggle").click({ timeout: 2_000 });
    await expect(panel).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await panel.getByTestId("file-tab-workspace").click();
  for (const [name, mimeType, bytes] of [
    [`page-${suffix}.html`, "text/html", SAMPLES.html],
    [`paper-${suffix}.pdf`, "application/pdf", SAMPLES.pdf],
  ] as const) {
    await panel.getByTestId("file-upload-input").setInputFiles({ name, mimeType, buffer: bytes });
    const entry = panel.locator(`[data-testid="file-entry"][data-path="/home/gem/user-data/${name}"]`);
    await expect(entry).toBeVisible();
    await entry.click();
    await expect(panel.getByTestId("file-preview")).toHaveAttribute("data-path", `/home/gem/user-data/${name}`);
    if (name.endsWith(".html")) {
      await expect(panel.getByTestId("file-preview")).toContainText("<!doctype html>");
      await panel.getByTestId("file-preview-back").click();
    }
  }
  const frame = panel.getByTestId("file-preview-pdf");
  await expect(frame).toBeVisible();
  // The framed PDF loaded (a refused frame would be about:blank or an error page).
  await expect
    .poll(() => page.frames().some((f) => f.url().includes(encodeURIComponent(`paper-${suffix}.pdf`))))
    .toBe(true);
  await page.waitForTimeout(1_000);
  await checkpoint("files");

  expect(seen).toEqual([]);
});
