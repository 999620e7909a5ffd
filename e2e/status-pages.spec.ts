import { expect, test, type Browser, type Page } from "@playwright/test";
import { createUser, signInAsAdmin, type CreatedUser } from "./helpers/auth";

/**
 * Issue 9, item 8: the admin area answers a plain user 403 with the forbidden page, an unknown
 * address 404 with the not-found page, both translated and in the app's look.
 */

const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/status-${name}.png`;

let member: CreatedUser;

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  member = await createUser(admin, { role: "user" });
  await admin.dispose();
});

async function signInThroughForm(page: Page, user: { username: string; password: string }) {
  await page.goto("/login");
  await page.getByTestId("login-username").fill(user.username);
  await page.getByTestId("login-password").fill(user.password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("composer-input")).toBeVisible();
}

/** Desktop and phone, light and dark, English and Chinese. */
async function screenshots(
  browser: Browser,
  baseURL: string,
  name: string,
  path: string,
  testId: string,
  user?: CreatedUser,
  prepare?: (page: Page) => Promise<void>,
) {
  for (const locale of ["en", "zh-CN"] as const) {
    for (const colorScheme of ["light", "dark"] as const) {
      for (const width of [1440, 390]) {
        const context = await browser.newContext({
          baseURL,
          colorScheme,
          viewport: { width, height: width > 500 ? 900 : 844 },
        });
        await context.addCookies([{ name: "locale", value: locale, url: baseURL }]);
        const page = await context.newPage();
        if (user) await signInThroughForm(page, user);
        await prepare?.(page);
        await page.goto(path);
        await expect(page.getByTestId(testId)).toBeVisible();
        await expect(page.locator("html")).toHaveAttribute("lang", locale);
        await page.screenshot({ path: shot(`${name}-${locale}-${colorScheme}-${width}`) });
        await context.close();
      }
    }
  }
}

test("a plain user gets 403 and the forbidden page for the admin area, in their language", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInThroughForm(page, member);
  for (const path of ["/admin", "/admin/users", "/admin/providers"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(403);
    await expect(page.getByTestId("forbidden-page")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You do not have access to this page");
    // Nothing of the admin area leaks into the page.
    await expect(page.getByTestId("admin-home")).toHaveCount(0);
  }
  await page.getByTestId("forbidden-page-back").click();
  await expect(page.getByTestId("composer-input")).toBeVisible();

  // An admin still gets the admin area (200).
  await page.context().clearCookies();
  const admin = await signInAsAdmin(baseURL!);
  expect((await admin.get("/admin")).status()).toBe(200);
  await admin.dispose();

  await screenshots(browser, baseURL!, "forbidden", "/admin", "forbidden-page", member);
});

test("an unknown address gets 404 and the not-found page, signed in or not", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("not-found-page")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");

  await signInThroughForm(page, member);
  const signedIn = await page.goto("/settings/no-such-page");
  expect(signedIn?.status()).toBe(404);
  await expect(page.getByTestId("not-found-page")).toBeVisible();

  await page.context().addCookies([{ name: "locale", value: "zh-CN", url: baseURL! }]);
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("找不到该页面");
  await expect(page.getByTestId("not-found-page-back")).toHaveText("返回对话");

  await screenshots(browser, baseURL!, "not-found", "/no-such-page", "not-found-page");
});

/** An answer the page does not expect (a proxy's page, a server of another version): it breaks rendering. */
async function unexpectedTokens(page: Page) {
  await page.route("**/api/tokens", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"unexpected":true}' }),
  );
}

test("a page that fails to render shows the error page, translated, and 'Try again' recovers", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInThroughForm(page, member);
  await unexpectedTokens(page);
  await page.goto("/settings/tokens");
  const error = page.getByTestId("error-page");
  await expect(error).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong");
  await expect(page.getByTestId("tokens-page")).toHaveCount(0);

  await page.unroute("**/api/tokens");
  await page.getByTestId("error-page-retry").click();
  await expect(page.getByTestId("tokens-page")).toBeVisible();
  await expect(error).toHaveCount(0);

  await screenshots(browser, baseURL!, "error", "/settings/tokens", "error-page", member, unexpectedTokens);
});
