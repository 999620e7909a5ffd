import { expect, test, type Locator, type Page } from "./test";
import { ADMIN } from "./helpers/auth";
import { createDepartment, uniqueName } from "./helpers/org";
import { clickUntilVisible, pageInView, saveScreenshot } from "./helpers/pages";

/**
 * Forms check their input with the routes' own schemas before sending and say what is wrong on
 * the field, in the user's language; what only the server knows comes back in that language too.
 */

const WRITES = /\/api\/(admin\/(departments|providers|mcp-servers)|tokens|kbs)(\/|$|\?)/;

/** Counts the writes a form sends, so a refused form is seen to send nothing. */
function countWrites(page: Page): { count: () => number } {
  let n = 0;
  page.on("request", (r) => {
    if (r.method() !== "GET" && WRITES.test(r.url())) n++;
  });
  return { count: () => n };
}

async function expectFieldError(field: Locator, dialog: Locator, text: string) {
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const describedBy = await field.getAttribute("aria-describedby");
  expect(describedBy).toBeTruthy();
  await expect(dialog.locator(`[id="${describedBy}"]`)).toHaveText(text);
}

// Each test has its own page and makes nothing another test reads: the views may run side by side.
test.describe.configure({ mode: "parallel" });

for (const view of [
  { locale: "zh-CN", colorScheme: "dark", width: 390 },
  { locale: "en", colorScheme: "light", width: 1280 },
] as const) {
  const zh = view.locale === "zh-CN";
  const REQUIRED = zh ? "必填。" : "Required.";

  test(`dialogs mark bad fields before sending, ${view.locale} ${view.width}`, async ({ browser, baseURL }) => {
    const { page, context } = await pageInView(browser, { baseURL: baseURL!, user: ADMIN, ...view });
    const writes = countWrites(page);

    // Department: an empty name.
    await page.goto("/admin/departments");
    const department = page.getByTestId("department-dialog");
    await clickUntilVisible(page.getByTestId("department-create"), department);
    await department.getByTestId("department-form-submit").click();
    await expectFieldError(department.getByTestId("department-form-name"), department, REQUIRED);
    await department.getByTestId("department-form-cancel").click();

    // Provider: a URL that is no http(s) address, a key with a space.
    await page.goto("/admin/providers");
    const provider = page.getByTestId("provider-form");
    await clickUntilVisible(page.getByTestId("provider-create"), provider);
    await provider.getByTestId("provider-name-input").fill("Bad Provider");
    await provider.getByTestId("provider-base-url").fill("ftp://models.example.com");
    await provider.getByTestId("provider-key").fill("sk two words");
    await provider.getByTestId("provider-save").click();
    await expectFieldError(
      provider.getByTestId("provider-base-url"),
      provider,
      zh ? "请输入以 http:// 或 https:// 开头的网址。" : "Enter a web address starting with http:// or https://.",
    );
    await expectFieldError(
      provider.getByTestId("provider-key"),
      provider,
      zh ? "API 密钥不能包含空格或换行。" : "An API key has no spaces or line breaks.",
    );
    await saveScreenshot(page, { path: `test-results/form-errors-provider-${view.locale}-${view.width}.png` });
    await page.keyboard.press("Escape");

    // MCP server: a header name with a space.
    await page.goto("/admin/mcp");
    const mcp = page.getByTestId("mcp-form");
    await clickUntilVisible(page.getByTestId("mcp-create"), mcp);
    await mcp.getByTestId("mcp-name").fill("bad_headers");
    await mcp.getByTestId("mcp-url").fill("https://mcp.example.com/mcp");
    await mcp.getByTestId("mcp-header-add").click();
    await mcp.getByTestId("mcp-header-name").fill("X Token");
    await mcp.getByTestId("mcp-header-value").fill("secret");
    await mcp.getByTestId("mcp-save").click();
    await expectFieldError(
      mcp.getByTestId("mcp-headers"),
      mcp,
      zh
        ? "请求头名称只能包含字母、数字和 ! # $ % & ' * + . ^ _ ` | ~ -。"
        : "A header name uses letters, digits and ! # $ % & ' * + . ^ _ ` | ~ - only.",
    );
    await page.keyboard.press("Escape");

    // API token and knowledge base: an empty name.
    await page.goto("/settings/tokens");
    const token = page.getByTestId("token-dialog");
    await clickUntilVisible(page.getByTestId("token-create"), token);
    await token.getByTestId("token-form-submit").click();
    await expectFieldError(token.getByTestId("token-form-name"), token, REQUIRED);
    await page.keyboard.press("Escape");

    await page.goto("/kbs");
    const kb = page.getByTestId("kb-create-dialog");
    await clickUntilVisible(page.getByTestId("kb-create-button"), kb);
    await kb.getByTestId("kb-create-submit").click();
    await expectFieldError(kb.getByTestId("kb-create-name"), kb, REQUIRED);

    expect(writes.count(), "no refused form sent anything").toBe(0);
    await context.close();
  });

  test(`what only the server knows comes back in the user's language, ${view.locale} ${view.width}`, async ({
    browser,
    baseURL,
  }) => {
    const { page, context } = await pageInView(browser, { baseURL: baseURL!, user: ADMIN, ...view });
    // The context's own requests act as the admin (the same session as the page).
    const admin = context.request;
    const doomed = await createDepartment(admin, uniqueName("doomed"));
    await page.goto("/admin/departments");
    const dialog = page.getByTestId("department-dialog");
    await clickUntilVisible(page.getByTestId(`department-edit-${doomed.name}`), dialog);
    // Someone else deletes it while the dialog is open.
    expect((await admin.delete(`/api/admin/departments/${doomed.id}`)).status()).toBe(204);
    await dialog.getByTestId("department-form-name").fill(`${doomed.name}-renamed`);
    await dialog.getByTestId("department-form-submit").click();
    await expect(dialog.getByTestId("department-form-error")).toHaveText(
      zh ? "该部门不存在。" : "This department does not exist.",
    );
    await context.close();
  });
}
