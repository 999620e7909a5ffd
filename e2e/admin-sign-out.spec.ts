import { expect, test } from "./test";
import { createUser, signInAsAdmin, signInPage } from "./helpers/auth";
import { createDepartment } from "./helpers/org";

/** The admin area has its own sign-out: it ends the session, so /admin asks for a sign-in again. */

// Each test signs out an admin of its own: they may run side by side.
test.describe.configure({ mode: "parallel" });

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
    await signInPage(page, lead, "/admin");

    const signOut = page.getByTestId(view.button);
    await expect(signOut).toBeVisible();
    await expect(signOut).toHaveAccessibleName(view.label);
    // A click before hydration does nothing: retry until the page leaves. One that took disables the
    // button until the login page loads (slow under load): that one is waited for, not repeated.
    await expect(async () => {
      if (await signOut.isEnabled({ timeout: 1_000 }).catch(() => false)) await signOut.click({ timeout: 2_000 });
      await expect(page).toHaveURL(/\/login/, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("login-username")).toBeVisible();

    await page.goto("/admin");
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId("login-username")).toBeVisible();
    await context.close();
  });
}
