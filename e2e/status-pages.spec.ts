import { expect, test, type Page } from "./test";
import { createUser, signInAsAdmin, signInContext, type CreatedUser } from "./helpers/auth";
import { pageInView, saveScreenshot, VIEWS } from "./helpers/pages";

/**
 * The admin area answers a plain user 403 with the forbidden page, an unknown
 * address 404 with the not-found page, both translated and in the app's look.
 */

const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/status-${name}.png`;

// Each test has its own page; the member only reads: they may run side by side.
test.describe.configure({ mode: "parallel" });

let member: CreatedUser;

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  member = await createUser(admin, { role: "user" });
  await admin.dispose();
});

test("a plain user gets 403 and the forbidden page for the admin area, in their language", async ({
  page,
  baseURL,
}) => {
  await signInContext(page.context(), member);
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
  // The page in every view: "the forbidden page (...)" below.
});

test("an unknown address gets 404 and the not-found page, signed in or not", async ({ page, baseURL }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("not-found-page")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");

  await signInContext(page.context(), member);
  const signedIn = await page.goto("/settings/no-such-page");
  expect(signedIn?.status()).toBe(404);
  await expect(page.getByTestId("not-found-page")).toBeVisible();

  await page.context().addCookies([{ name: "locale", value: "zh-CN", url: baseURL! }]);
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("找不到该页面");
  await expect(page.getByTestId("not-found-page-back")).toHaveText("返回对话");
  // The page in every view: "the not-found page (...)" below.
});

/** An answer the page does not expect (a proxy's page, a server of another version): it breaks rendering. */
async function unexpectedTokens(page: Page) {
  await page.route("**/api/tokens", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", body: '{"unexpected":true}' }),
  );
}

test("a page that fails to render shows the error page, translated, and 'Try again' recovers", async ({ page }) => {
  await signInContext(page.context(), member);
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
  // The page in every view: "the error page (...)" below.
});

/** The three pages on a desktop and a phone, light and dark, English and Chinese: one test per view. */
const PAGES: {
  name: string;
  title: string;
  path: string;
  testId: string;
  signedIn: boolean;
  prepare?: (page: Page) => Promise<void>;
}[] = [
  { name: "forbidden", title: "the forbidden page", path: "/admin", testId: "forbidden-page", signedIn: true },
  { name: "not-found", title: "the not-found page", path: "/no-such-page", testId: "not-found-page", signedIn: false },
  {
    name: "error",
    title: "the error page",
    path: "/settings/tokens",
    testId: "error-page",
    signedIn: true,
    prepare: unexpectedTokens,
  },
];

for (const { name, title, path, testId, signedIn, prepare } of PAGES) {
  for (const { locale, colorScheme, width } of VIEWS) {
    test(`${title} (${locale}, ${colorScheme}, ${width} px)`, async ({ browser, baseURL }) => {
      const user = signedIn ? member : undefined;
      const { page, context } = await pageInView(browser, { baseURL: baseURL!, user, locale, colorScheme, width });
      await prepare?.(page);
      await page.goto(path);
      await expect(page.getByTestId(testId)).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await saveScreenshot(page, { path: shot(`${name}-${locale}-${colorScheme}-${width}`) });
      await context.close();
    });
  }
}
