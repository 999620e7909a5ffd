import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./test";
import { signInContext, signInPage } from "./helpers/auth";

/**
 * Accessibility: axe (WCAG 2.1 A/AA rules and best practices) finds no serious or critical
 * violation on the main pages, in light and dark, on a desktop and a phone.
 */

const PAGES: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: "chat", path: "/", ready: (page) => expect(page.getByTestId("composer-input")).toBeVisible() },
  {
    name: "conversation",
    path: "/",
    ready: async (page) => {
      await page.getByTestId("composer-input").fill("Hello");
      await page.getByTestId("send-button").click();
      await expect(page.getByTestId("message-feedback-up").last()).toBeVisible();
    },
  },
  { name: "skills", path: "/skills", ready: (page) => expect(page.getByTestId("skill-open").first()).toBeVisible() },
  { name: "agents", path: "/agents", ready: (page) => expect(page.getByTestId("agents-page")).toBeVisible() },
  {
    name: "agent form",
    path: "/admin/agents?agent=new",
    ready: (page) => expect(page.getByTestId("form-section-nav")).toBeVisible(),
  },
  { name: "admin users", path: "/admin/users", ready: (page) => expect(page.getByTestId("admin-nav")).toBeVisible() },
  ...["departments", "providers", "mcp"].map((section) => ({
    name: `admin ${section}`,
    path: `/admin/${section}`,
    ready: (page: Page) =>
      expect(page.locator(`[data-testid="admin-nav-${section}"][aria-current="page"]`)).toBeVisible(),
  })),
  {
    name: "settings",
    path: "/settings/tokens",
    ready: (page) => expect(page.getByTestId("tokens-page")).toBeVisible(),
  },
  {
    name: "account",
    path: "/settings/account",
    ready: (page) => expect(page.getByTestId("session-row").first()).toBeVisible(),
  },
];

// Each test has its own page and reads only what every admin sees: they may run side by side.
test.describe.configure({ mode: "parallel" });

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    }));
}

for (const scheme of ["light", "dark"] as const) {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`no serious or critical axe violation on the main pages (${scheme}, ${viewport.width} px)`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
      await page.setViewportSize(viewport);
      await signInContext(page.context());
      const found: Record<string, unknown> = {};
      for (const entry of PAGES) {
        await page.goto(entry.path);
        await entry.ready(page);
        const violations = await seriousViolations(page);
        if (violations.length) found[entry.name] = violations;
      }
      expect(found).toEqual({});
    });
  }
}

test("a list still loading is announced, and axe finds nothing serious on it", async ({ page }) => {
  await signInPage(page);
  // Hold the admin lists' data: the page shows its loading placeholder until it is released.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/admin/**", async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    await held;
    await route.continue();
  });
  await page.goto("/admin/providers");
  const placeholder = page.getByRole("status", { name: "Loading providers…" });
  await expect(placeholder).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  release();
  await expect(placeholder).toHaveCount(0);
});
