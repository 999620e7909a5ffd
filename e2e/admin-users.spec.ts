import { expect, test, type Page } from "./test";
import { ADMIN, signInPage } from "./helpers/auth";
import { uniqueName } from "./helpers/org";
import { clickUntilVisible, saveScreenshot } from "./helpers/pages";

/** The superadmin builds an organisation in the browser: a department, an admin in it and a user. */

// Each test looks only at the rows it makes (the superadmin's own aside): they may run side by side.
test.describe.configure({ mode: "parallel" });

async function createUserInDialog(
  page: Page,
  input: { username: string; displayName: string; role: "admin" | "user"; department: string },
) {
  await page.getByTestId("user-create").click();
  const dialog = page.getByTestId("user-create-dialog");
  await dialog.getByTestId("user-form-username").fill(input.username);
  await dialog.getByTestId("user-form-display-name").fill(input.displayName);
  await dialog.getByTestId("user-form-password").fill("user-password-1");
  await dialog.getByTestId("user-form-role").selectOption(input.role);
  await dialog.getByTestId("user-form-department").selectOption({ label: input.department });
  await dialog.getByTestId("user-form-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId(`user-row-${input.username}`)).toBeVisible();
}

test("the superadmin creates a department, an admin in it and a user, in the UI", async ({ page, browser }) => {
  const department = uniqueName("Research");
  const adminName = uniqueName("lead");
  const userName = uniqueName("analyst");

  await signInPage(page);
  await clickUntilVisible(page.getByTestId("user-menu"), page.getByTestId("menu-admin"));
  await page.getByTestId("menu-admin").click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByTestId("admin-nav-users")).toHaveAttribute("aria-current", "page");

  await page.getByTestId("admin-nav-departments").click();
  await page.getByTestId("department-create").click();
  await page.getByTestId("department-form-name").fill(department);
  await page.getByTestId("department-form-description").fill("Models and evaluation");
  await page.getByTestId("department-form-submit").click();
  await expect(page.getByTestId(`department-row-${department}`)).toBeVisible();

  await page.getByTestId("admin-nav-users").click();
  await createUserInDialog(page, { username: adminName, displayName: "Lena Lead", role: "admin", department });
  await createUserInDialog(page, { username: userName, displayName: "Ari Analyst", role: "user", department });

  const adminRow = page.getByTestId(`user-row-${adminName}`);
  await expect(adminRow).toContainText("Lena Lead");
  await expect(adminRow).toContainText(department);
  await expect(page.getByTestId(`user-row-${userName}`)).toContainText("Active");
  // The superadmin's own row offers no disable or delete.
  const ownRow = page.getByTestId(`user-row-${ADMIN.username}`);
  await expect(ownRow.getByTestId(`user-delete-${ADMIN.username}`)).toHaveCount(0);
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await saveScreenshot(page, { path: "test-results/admin-users.png", fullPage: true });

  await page.getByTestId("admin-nav-departments").click();
  await expect(page.getByTestId(`department-row-${department}`).getByTestId("department-members")).toHaveText(
    "2 members",
  );
  await saveScreenshot(page, { path: "test-results/admin-departments.png", fullPage: true });

  // Narrow and dark: the nav becomes a row of tabs, the table drops its less important columns.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 390, height: 760 });
  await page.getByTestId("admin-nav-users").click();
  await expect(page.getByTestId(`user-row-${userName}`)).toBeVisible();
  await saveScreenshot(page, { path: "test-results/admin-users-mobile-dark.png", fullPage: true });
  await page.getByTestId(`user-edit-${userName}`).click();
  await expect(page.getByTestId("user-edit-dialog")).toBeVisible();
  await saveScreenshot(page, { path: "test-results/admin-users-edit-dark.png" });
  await page.getByTestId("user-form-cancel").click();

  // The same screen in Chinese.
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.context().addCookies([{ name: "locale", value: "zh-CN", url: page.url() }]);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("用户");
  await expect(page.getByTestId(`user-row-${userName}`)).toContainText("正常");
  await saveScreenshot(page, { path: "test-results/admin-users-zh.png", fullPage: true });

  // The new admin sees their department's people, may edit the member but not themselves into anything.
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await signInPage(adminPage, { username: adminName, password: "user-password-1" }, "/admin/users");
  await expect(adminPage.getByTestId(`user-row-${userName}`)).toBeVisible();
  await expect(adminPage.getByTestId(`user-row-${ADMIN.username}`)).toHaveCount(0);
  await expect(adminPage.getByTestId(`user-delete-${userName}`)).toBeVisible();
  await expect(adminPage.getByTestId(`user-delete-${adminName}`)).toHaveCount(0);
  await saveScreenshot(adminPage, { path: "test-results/admin-users-as-admin.png", fullPage: true });
  await context.close();

  // A member gets the forbidden page, not the admin area.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInPage(memberPage, { username: userName, password: "user-password-1" }, "/admin/users");
  await expect(memberPage.getByTestId("forbidden-page")).toBeVisible();
  await saveScreenshot(memberPage, { path: "test-results/admin-forbidden.png" });
  await expect(memberPage.getByTestId("user-table")).toHaveCount(0);
  await memberContext.close();
});

for (const [locale, width, text] of [
  [
    "en",
    1280,
    { chars: "Use letters, digits and . _ @ - only.", short: "At least 8 characters.", long: "at most 72 bytes" },
  ],
  ["zh-CN", 390, { chars: "只能使用字母、数字和 . _ @ -。", short: "至少 8 个字符。", long: "最多 72 字节" }],
] as const) {
  test(`the new-user form shows what is wrong on each field, in ${locale}, and sends nothing until it is right (${width} px)`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    await page.setViewportSize({ width, height: 844 });
    await signInPage(page, ADMIN, "/admin/users");
    const posts: string[] = [];
    page.on("request", (r) => r.method() === "POST" && r.url().includes("/api/admin/users") && posts.push(r.url()));

    await page.getByTestId("user-create").click();
    const dialog = page.getByTestId("user-create-dialog");
    const username = dialog.getByTestId("user-form-username");
    const password = dialog.getByTestId("user-form-password");
    await username.fill("bad name!");
    await password.fill("short");
    await dialog.getByTestId("user-form-submit").click();
    const errors = dialog.getByTestId("field-error");
    await expect(errors).toHaveText([text.chars, text.short]);
    await expect(username).toHaveAttribute("aria-invalid", "true");
    await expect(username).toHaveAccessibleDescription(new RegExp(text.chars.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await saveScreenshot(page, { path: `test-results/user-form-errors-${locale}-${width}.png` });

    await password.fill("密".repeat(25));
    await dialog.getByTestId("user-form-submit").click();
    await expect(errors.nth(1)).toContainText(text.long);
    expect(posts).toEqual([]);

    const name = uniqueName("fixed");
    await username.fill(name);
    await password.fill("user-password-1");
    await dialog.getByTestId("user-form-submit").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId(`user-row-${name}`)).toBeVisible();
    expect(posts).toHaveLength(1);
  });
}
