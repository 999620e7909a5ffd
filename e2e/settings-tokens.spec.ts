import { expect, test } from "./test";
import { createUser, signInAsAdmin, signInPage } from "./helpers/auth";
import { saveScreenshot } from "./helpers/pages";

/** A user creates an API token in the browser, sees it once, uses it, and revokes it. */

test("create a token, see it once, use it as Bearer, revoke it", async ({ page, baseURL, playwright }) => {
  const admin = await signInAsAdmin(baseURL!);
  const user = await createUser(admin);
  await admin.dispose();

  // The chat first: the tokens page is reached from its user menu.
  await signInPage(page, user);

  await page.getByTestId("user-menu").click();
  await expect(page.getByTestId("menu-admin")).toHaveCount(0); // members get no admin link
  await page.getByTestId("menu-api-tokens").click();
  await expect(page).toHaveURL(/\/settings\/tokens$/);
  await expect(page.getByTestId("tokens-empty")).toBeVisible();

  await page.getByTestId("token-create").click();
  await page.getByTestId("token-form-name").fill("nightly-report");
  await page.getByTestId("token-form-expiry").selectOption("30");
  await page.getByTestId("token-form-submit").click();
  const secret = (await page.getByTestId("token-secret").textContent())!.trim();
  expect(secret).toMatch(/^mrd_[A-Za-z0-9_-]{43}$/);
  await saveScreenshot(page, { path: "test-results/tokens-created.png" });

  await page.getByTestId("token-created-done").click();
  const row = page.getByTestId("token-row-nightly-report");
  await expect(row).toBeVisible();
  await expect(page.getByTestId("token-secret")).toHaveCount(0);
  await expect(page.locator("body")).not.toContainText(secret);
  await expect(row.getByTestId("token-prefix")).toHaveText(`${secret.slice(0, 12)}…`);

  const bearer = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}` },
  });
  expect((await bearer.get("/api/threads")).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("token-row-nightly-report")).toContainText(/last used/);
  await page.mouse.move(0, 0);
  await saveScreenshot(page, { path: "test-results/tokens-list.png", fullPage: true });

  await page.getByTestId("token-revoke-nightly-report").click();
  await page.getByTestId("confirm-accept").click();
  await expect(page.getByTestId("tokens-empty")).toBeVisible();
  expect((await bearer.get("/api/threads")).status()).toBe(401);
  await bearer.dispose();
});
