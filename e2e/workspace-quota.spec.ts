import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, signIn, signInAsAdmin, type CreatedUser } from "./helpers/auth";
import { dropFiles } from "./helpers/files";
import { E2E_WORKSPACE_QUOTA_BYTES } from "../playwright.config";

/** A full workspace in the browser: an upload past the quota says so, in English and Chinese (issue 9, item 4). */

const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/quota-${name}.png`;
let user: CreatedUser;

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  user = await createUser(admin, { role: "user" });
  await admin.dispose();
  // Fill the workspace to 16 KiB below its quota.
  const api = await signIn(baseURL!, user.username, user.password);
  const half = E2E_WORKSPACE_QUOTA_BYTES / 2;
  for (const [name, bytes] of [
    ["filler-1.txt", half],
    ["filler-2.txt", half - 16 * 1024],
  ] as const) {
    const res = await api.put(`/api/workspace/files?path=${name}`, {
      data: Buffer.alloc(bytes, 0x61),
      headers: { "content-type": "text/plain" },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await api.dispose();
});

async function signInThroughForm(page: Page) {
  await page.goto("/login");
  await page.getByTestId("login-username").fill(user.username);
  await page.getByTestId("login-password").fill(user.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("composer-input")).toBeVisible();
}

async function uploadPastQuota(browser: Browser, opts: { locale: string; width: number; dark: boolean }) {
  const context = await browser.newContext({
    locale: opts.locale,
    viewport: { width: opts.width, height: 800 },
    colorScheme: opts.dark ? "dark" : "light",
  });
  const page = await context.newPage();
  await signInThroughForm(page);
  const refused = page.waitForResponse((r) => r.url().includes("/uploads") && r.request().method() === "POST");
  await dropFiles(page, page.getByTestId("composer"), [
    { name: "report.txt", type: "text/plain", text: "x".repeat(64 * 1024) },
  ]);
  const res = await refused;
  expect(res.status()).toBe(413);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe("too_large:quota");
  const chip = page.getByTestId("attachment-chip");
  await expect(chip).toHaveAttribute("data-status", "failed");
  return { context, page, chip };
}

test("an upload into a full workspace says the workspace is full", async ({ browser }) => {
  test.setTimeout(120_000);
  for (const [locale, words] of [
    ["en-US", "Workspace full — delete some files"],
    ["zh-CN", "工作空间已满，请删除一些文件"],
  ] as const) {
    for (const width of [1440, 390]) {
      for (const dark of [false, true]) {
        const { context, page, chip } = await uploadPastQuota(browser, { locale, width, dark });
        await expect(chip.getByTestId("attachment-error")).toHaveText(words);
        await page.screenshot({ path: shot(`${locale}-${width}-${dark ? "dark" : "light"}`) });
        await context.close();
      }
    }
  }
});
