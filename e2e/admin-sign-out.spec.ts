import { expect, test, type Page } from "@playwright/test";
import { createUser, signInAsAdmin } from "./helpers/auth";
import { createDepartment } from "./helpers/org";

/** The admin area has its own sign-out (issue 10): it ends the session, so /admin asks for a sign-in again. */

async function signInThroughForm(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByTestId("login-username").fill(username);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await expect(page.getByTestId("composer-input")).toBeVisible();
}

const VIEWS = [
  { locale: "en-US", width: 1440, button: "admin-sign-out", label: "Log out" },
  { locale: "zh-CN", width: 390, button: "admin-sign-out-mobile", label: "退出登录" },
] as const;

for (const view of VIEWS) {
  test(`an admin signs out from /admin and lands on the login page (${view.locale}, ${view.width}px)`, async ({
    baseURL,
    browser,
  }) => {
    const root = await signInAsAdmin(baseURL!);
    const department = await createDepartment(root);
    const lead = await createUser(root, { role: "admin", departmentId: department.id });
    await root.dispose();
    const context = await browser.newContext({ locale: view.locale, viewport: { width: view.width, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, lead.username, lead.password);

    await page.goto("/admin");
    const signOut = page.getByTestId(view.button);
    await expect(signOut).toBeVisible();
    await expect(signOut).toHaveAccessibleName(view.label);
    // A click before hydration does nothing: retry until the page leaves.
    await expect(async () => {
      await signOut.click({ timeout: 2_000 });
      await expect(page).toHaveURL(/\/login/, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("login-username")).toBeVisible();

    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId("login-username")).toBeVisible();
    await context.close();
  });
}
