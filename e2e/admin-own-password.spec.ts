import { expect, test, type APIRequestContext } from "./test";
import {
  attemptSignIn,
  createUser,
  signIn as apiSignIn,
  signInAsAdmin,
  signInErrorCode,
  signInPage,
} from "./helpers/auth";
import { createDepartment, type Department } from "./helpers/org";
import { request as playwrightRequest } from "./test";
import { saveScreenshot } from "./helpers/pages";

/** An admin changes their own password in the edit dialog: the current one is asked for. */

const TEXT = {
  "en-US": {
    missing: "Enter your current password to set a new one.",
    wrong: "The current password is not right.",
    label: "Current password",
  },
  "zh-CN": { missing: "请输入当前密码后再设置新密码。", wrong: "当前密码不正确。", label: "当前密码" },
} as const;

const VIEWS: [keyof typeof TEXT, "light" | "dark", number][] = [
  ["en-US", "light", 1440],
  ["en-US", "dark", 390],
  ["zh-CN", "dark", 1440],
  ["zh-CN", "light", 390],
];

test.describe("the own-password form asks for the current password and refuses a wrong one, in English and Chinese", () => {
  // Each view has an admin and a member of its own: the views may run side by side.
  test.describe.configure({ mode: "parallel" });

  let root: APIRequestContext;
  let department: Department;

  test.beforeAll(async ({ baseURL }) => {
    root = await signInAsAdmin(baseURL!);
    department = await createDepartment(root);
  });

  test.afterAll(async () => {
    await root?.dispose();
  });

  for (const [locale, colorScheme, width] of VIEWS) {
    test(`the own-password form (${locale}, ${colorScheme}, ${width} px)`, async ({ baseURL, browser }) => {
      const lead = await createUser(root, { role: "admin", departmentId: department.id });
      const member = await createUser(root, { departmentId: department.id });
      const context = await browser.newContext({ locale, colorScheme, viewport: { width, height: 900 } });
      const page = await context.newPage();
      // The lead changes their password below: a user of this test's own, never one signed in again.
      await signInPage(page, lead, "/admin/users");

      // Someone else's row: no current-password field.
      await page.getByTestId(`user-edit-${member.username}`).click();
      const dialog = page.getByTestId("user-edit-dialog");
      await expect(dialog.getByTestId("user-form-password")).toBeVisible();
      await expect(dialog.getByTestId("user-form-current-password")).toHaveCount(0);
      await dialog.getByTestId("user-form-cancel").click();
      await expect(dialog).toBeHidden();

      await page.getByTestId(`user-edit-${lead.username}`).click();
      await expect(dialog.getByLabel(TEXT[locale].label)).toBeVisible();
      await dialog.getByTestId("user-form-password").fill("brand-new-password-1");
      await dialog.getByTestId("user-form-submit").click();
      // Checked in the browser, on the field: nothing is sent without the current password.
      const current = dialog.getByTestId("user-form-current-password");
      await expect(current).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByTestId("field-error")).toHaveText(TEXT[locale].missing);

      await dialog.getByTestId("user-form-current-password").fill("not-my-password");
      await dialog.getByTestId("user-form-submit").click();
      await expect(dialog.getByTestId("field-error")).toHaveText(TEXT[locale].wrong); // the server's answer, on the field
      await expect(current).toHaveAttribute("aria-invalid", "true");
      await saveScreenshot(page, {
        path: `test-results/admin-own-password-${locale}-${colorScheme}-${width}.png`,
        fullPage: true,
      });

      await dialog.getByTestId("user-form-current-password").fill(lead.password);
      await dialog.getByTestId("user-form-submit").click();
      await expect(dialog).toBeHidden();
      // This browser stays signed in; the new password is the one that works now.
      await page.reload();
      await expect(page.getByTestId(`user-row-${lead.username}`)).toBeVisible();
      const api = await playwrightRequest.newContext({ baseURL });
      expect(signInErrorCode(await attemptSignIn(api, lead.username, lead.password))).toBe("invalid_credentials");
      const fresh = await apiSignIn(baseURL!, lead.username, "brand-new-password-1");
      await Promise.all([api.dispose(), fresh.dispose(), context.close()]);
    });
  }
});
