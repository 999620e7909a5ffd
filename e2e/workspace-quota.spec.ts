import { expect, test, type Browser } from "./test";
import { createUser, signIn, signInAsAdmin, signInPage, type CreatedUser } from "./helpers/auth";
import { dropFiles } from "./helpers/files";
import { E2E_WORKSPACE_QUOTA_BYTES } from "../playwright.config";
import { oncePerWorker, saveScreenshot } from "./helpers/pages";

/** A full workspace in the browser: an upload past the quota says so, in English and Chinese. */

const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/quota-${name}.png`;

/**
 * A user whose workspace is filled to 16 KiB below its quota, made once per worker: the views
 * only read it (a refused upload writes nothing), so they may share it.
 */
const full = oncePerWorker(fillWorkspace);

async function fillWorkspace(baseURL: string): Promise<CreatedUser> {
  const admin = await signInAsAdmin(baseURL);
  const user = await createUser(admin, { role: "user" });
  await admin.dispose();
  const api = await signIn(baseURL, user.username, user.password);
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
  return user;
}

async function uploadPastQuota(
  browser: Browser,
  user: CreatedUser,
  opts: { locale: string; width: number; dark: boolean },
) {
  const context = await browser.newContext({
    locale: opts.locale,
    viewport: { width: opts.width, height: 800 },
    colorScheme: opts.dark ? "dark" : "light",
  });
  const page = await context.newPage();
  await signInPage(page, user);
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

test.describe("an upload into a full workspace says the workspace is full", () => {
  // One test per view, each in a context of its own: they may run on both workers.
  test.describe.configure({ mode: "parallel" });
  let user: CreatedUser;

  test.beforeAll(async ({ baseURL }) => {
    user = await full(baseURL!);
  });

  for (const [locale, words] of [
    ["en-US", "Workspace full — delete some files"],
    ["zh-CN", "工作空间已满，请删除一些文件"],
  ] as const) {
    for (const width of [1440, 390]) {
      for (const dark of [false, true]) {
        const scheme = dark ? "dark" : "light";
        test(`the refused upload (${locale}, ${scheme}, ${width} px)`, async ({ browser }) => {
          const { context, page, chip } = await uploadPastQuota(browser, user, { locale, width, dark });
          await expect(chip.getByTestId("attachment-error")).toHaveText(words);
          await saveScreenshot(page, { path: shot(`${locale}-${width}-${scheme}`) });
          await context.close();
        });
      }
    }
  }
});
