import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from "./test";
import { attemptSignIn, createUser, signInAsAdmin, signInPage, type CreatedUser } from "./helpers/auth";
import { clickUntilVisible, pageInView, saveScreenshot } from "./helpers/pages";

/** The account page: profile, password change with the current one, and the list of sign-ins. */

// Every test has a member of its own (signed in once, through the API): they may run side by side.
test.describe.configure({ mode: "parallel" });

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

/** Another device signed in as `user` (its own cookie jar and User-Agent). */
async function otherDevice(baseURL: string, user: CreatedUser): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL, userAgent: IPHONE });
  expect((await attemptSignIn(api, user.username, user.password)).status()).toBe(302);
  return api;
}
const signedIn = async (api: APIRequestContext) => (await api.get("/api/account")).status() === 200;

async function newMember(baseURL: string): Promise<CreatedUser> {
  const admin = await signInAsAdmin(baseURL);
  const user = await createUser(admin);
  await admin.dispose();
  return user;
}

async function openAccount(page: Page) {
  await clickUntilVisible(page.getByTestId("user-menu"), page.getByTestId("menu-account"));
  await page.getByTestId("menu-account").click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByTestId("account-page")).toBeVisible();
}

test("a member renames themself, changes the password with the current one, and ends other sign-ins", async ({
  page,
  baseURL,
}) => {
  const user = await newMember(baseURL!);
  const phone = await otherDevice(baseURL!, user);
  await signInPage(page, user);
  await openAccount(page);
  await expect(page.getByTestId("account-username")).toHaveText(user.username);

  // Two sign-ins: this browser's (marked; signInPage made it through the API) and the phone, which
  // can be ended from here.
  const rows = page.getByTestId("session-row");
  await expect(rows).toHaveCount(2);
  await expect(page.locator("[data-testid=session-row][data-current]")).toContainText("This device");
  await expect(rows.filter({ hasText: "Safari on iOS" })).toHaveCount(1);

  // Display name: saved, and the sidebar shows it without a reload.
  await page.getByTestId("account-display-name").fill("Ada Lovelace");
  await page.getByTestId("account-profile-save").click();
  await expect(page.getByTestId("user-display-name")).toHaveText("Ada Lovelace");
  await page.reload();
  await expect(page.getByTestId("account-display-name")).toHaveValue("Ada Lovelace");

  // The browser checks the new password with the server's rules and the repeat: nothing is sent.
  const sent: string[] = [];
  page.on("request", (r) => r.url().includes("/api/account/password") && sent.push(r.method()));
  await page.getByTestId("account-current-password").fill(user.password);
  await page.getByTestId("account-new-password").fill("short");
  await page.getByTestId("account-confirm-password").fill("shorter");
  await page.getByTestId("account-password-save").click();
  const newField = page.getByTestId("account-new-password");
  await expect(newField).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("account-password").getByTestId("field-error")).toHaveText([
    "At least 8 characters.",
    "The two passwords are not the same.",
  ]);
  expect(sent).toEqual([]);

  // A wrong current password: refused by the server, said on its field; the phone stays signed in.
  await page.getByTestId("account-current-password").fill("not-my-password");
  await newField.fill("brand-new-pass-2");
  await page.getByTestId("account-confirm-password").fill("brand-new-pass-2");
  await page.getByTestId("account-password-save").click();
  await expect(page.getByTestId("account-current-password")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("account-password").getByTestId("field-error")).toHaveText(
    "The current password is not right.",
  );
  expect(sent).toEqual(["POST"]);
  expect(await signedIn(phone)).toBe(true);

  // The right one: changed; the phone is signed out, this browser is not.
  await page.getByTestId("account-current-password").fill(user.password);
  await page.getByTestId("account-password-save").click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Password changed" })).toContainText(
    "1 other session ended",
  );
  await expect(page.getByTestId("account-current-password")).toHaveValue("");
  await expect(rows).toHaveCount(1);
  expect(await signedIn(phone)).toBe(false);
  await page.reload();
  await expect(page.getByTestId("account-page")).toBeVisible();
  await phone.dispose();

  // Sign in twice more elsewhere with the new password; end one from its row, then all others.
  const renewed = { ...user, password: "brand-new-pass-2" };
  const [a, b] = [await otherDevice(baseURL!, renewed), await otherDevice(baseURL!, renewed)];
  await page.reload();
  await expect(rows).toHaveCount(3);
  await rows
    .filter({ hasNot: page.locator("[data-current]") })
    .first()
    .getByTestId("session-end")
    .click();
  await expect(rows).toHaveCount(2);
  expect([await signedIn(a), await signedIn(b)].filter(Boolean)).toHaveLength(1);
  await page.getByTestId("sessions-end-others").click();
  await expect(page.getByTestId("confirm-dialog")).toContainText("1 other session will be signed out");
  await page.getByTestId("confirm-accept").click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId("sessions-end-others")).toBeDisabled();
  expect([await signedIn(a), await signedIn(b)]).toEqual([false, false]);
  await Promise.all([a.dispose(), b.dispose()]);

  // This browser is still in, and "Sign out here" ends it.
  await page.getByTestId("account-sign-out").click();
  await expect(page).toHaveURL(/\/login/);
});

for (const view of [
  { locale: "zh-CN", colorScheme: "dark", width: 390 },
  { locale: "en", colorScheme: "light", width: 390 },
  { locale: "en", colorScheme: "dark", width: 1280 },
] as const) {
  test(`the account page in ${view.locale}, ${view.colorScheme}, ${view.width} px`, async ({ browser, baseURL }) => {
    const user = await newMember(baseURL!);
    const phone = await otherDevice(baseURL!, user);
    const { page, context } = await pageInView(browser, { baseURL: baseURL!, user, ...view });
    await page.goto("/settings/account");
    // This page's sign-in (the one session signInContext makes for this new member) and the phone.
    await expect(page.getByTestId("session-row")).toHaveCount(2);
    const zh = view.locale === "zh-CN";
    await expect(page.getByTestId("account-page").getByRole("heading", { level: 2 }).first()).toHaveText(
      zh ? "个人资料" : "Profile",
    );
    await expect(
      page.getByTestId("session-row").filter({ hasText: zh ? "iOS 上的 Safari" : "Safari on iOS" }),
    ).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(view.width);

    // The repeat and the length are checked in the user's language.
    await page.getByTestId("account-current-password").fill(user.password);
    await page.getByTestId("account-new-password").fill("abc");
    await page.getByTestId("account-confirm-password").fill("abcd");
    await page.getByTestId("account-password-save").click();
    await expect(page.getByTestId("account-password").getByTestId("field-error")).toHaveText(
      zh
        ? ["至少 8 个字符。", "两次输入的密码不一致。"]
        : ["At least 8 characters.", "The two passwords are not the same."],
    );
    await saveScreenshot(page, {
      path: `test-results/account-${view.locale}-${view.colorScheme}-${view.width}.png`,
      fullPage: true,
    });
    await context.close();
    await phone.dispose();
  });
}
