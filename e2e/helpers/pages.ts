import { expect, type Browser, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { signInContext } from "./auth";

/** Browser steps several specs share: clicking before hydration, sending a message, pages in one view. */

/**
 * Whether the specs write their screenshots (for people to look at: no assertion reads them):
 * always where E2E_SCREENSHOTS=1, never where it is 0, and by default everywhere but CI, where
 * nobody looks at them and each costs ~0.3 s of a busy browser (docs/TESTING.md).
 */
const screenshotsWanted = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== "0" : !process.env.CI;

/** A page's or an element's screenshot at `options.path`, when screenshots are wanted. */
export async function saveScreenshot<T extends Page | Locator>(
  target: T,
  options: NonNullable<Parameters<T["screenshot"]>[0]> & { path: string },
): Promise<void> {
  if (screenshotsWanted) await (target as Locator).screenshot(options);
}

/** Sends `text` from the composer and waits until the chat shows `answers` answers and is ready again. */
export async function sendAndWait(page: Page, text: string, answers: number) {
  await page.getByTestId("composer-input").fill(text);
  await page.getByTestId("send-button").click();
  await expect(page.getByTestId("message-assistant")).toHaveCount(answers, { timeout: 30_000 });
  await expect(page.getByTestId("send-button")).toBeVisible({ timeout: 30_000 });
}

/** Clicks `trigger` until `target` shows: a click before hydration does nothing. */
export async function clickUntilVisible(trigger: Locator, target: Locator) {
  await expect(async () => {
    if (!(await target.isVisible())) await trigger.click({ timeout: 2_000 });
    await expect(target).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

export type View = {
  baseURL: string;
  /** Who the page is signed in as: a stored state, or a user signed in with signInContext. */
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>;
  user?: { username: string; password: string };
  locale: "en" | "zh-CN";
  colorScheme: "light" | "dark";
  width: number;
};

/** A signed-in page in its own context at one width, colour scheme and language, for screenshots. */
export async function pageInView(browser: Browser, view: View): Promise<{ page: Page; context: BrowserContext }> {
  const { baseURL, storageState, user, locale, colorScheme, width } = view;
  const context = await browser.newContext({
    baseURL,
    storageState,
    colorScheme,
    viewport: { width, height: width > 500 ? 900 : 844 },
  });
  if (user) await signInContext(context, user);
  await context.addCookies([{ name: "locale", value: locale, url: baseURL }]);
  return { page: await context.newPage(), context };
}

/** Every view of the matrix specs: English and Chinese, light and dark, desktop and phone. */
export const VIEWS = (["en", "zh-CN"] as const).flatMap((locale) =>
  (["light", "dark"] as const).flatMap((colorScheme) => [1440, 390].map((width) => ({ locale, colorScheme, width }))),
);

/**
 * Data the tests of a file share, made at most once per worker (the views only read it); a
 * failed attempt is forgotten, so the next test makes it again.
 */
export function oncePerWorker<T>(make: (baseURL: string) => Promise<T>): (baseURL: string) => Promise<T> {
  let made: Promise<T> | undefined;
  return (baseURL) => {
    made ??= make(baseURL);
    made.catch(() => (made = undefined));
    return made;
  };
}
