import { expect, test, type Locator } from "./test";
import { ADMIN, signInPage } from "./helpers/auth";
import { clickUntilVisible, saveScreenshot } from "./helpers/pages";

/** The shell's layout: a collapsible sidebar, side-by-side panels on wide screens, the mobile admin tabs. */

async function rect(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

test("the desktop sidebar collapses and expands, and the choice survives a reload", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInPage(page);
  const sidebar = page.getByTestId("sidebar");
  const open = page.getByTestId("sidebar-open");
  await expect(sidebar).toBeVisible();
  await expect(open).toBeHidden();
  const before = await rect(page.getByTestId("composer"));

  // The first click of a page can land before hydration: click until it takes.
  await clickUntilVisible(page.getByTestId("sidebar-collapse"), open);
  await expect(sidebar).toBeHidden();
  await expect(open).toBeVisible();
  // The conversation takes the room: the composer's column moved left.
  await expect.poll(async () => (await rect(page.getByTestId("composer"))).x).toBeLessThan(before.x);

  await page.reload();
  await expect(page.getByTestId("composer-input")).toBeVisible();
  await expect(sidebar).toBeHidden();
  await expect(open).toBeVisible();

  // Other pages of the shell follow the same choice.
  await page.goto("/skills");
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await clickUntilVisible(page.getByTestId("sidebar-open"), page.getByTestId("sidebar"));
  await page.reload();
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(page.getByTestId("sidebar-open")).toBeHidden();

  // On a phone the sidebar is a drawer whatever the desktop choice; it has no collapse button.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await page.getByTestId("sidebar-open").click();
  await expect(page.getByTestId("sidebar")).toBeVisible();
  await expect(page.getByTestId("sidebar-collapse")).toBeHidden();
});

test("on a wide screen the status and file panels stand side by side; narrower, files cover the status", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1600, height: 900 });
  await signInPage(page);
  const status = page.getByTestId("status-panel");
  const files = page.getByTestId("file-panel");
  await expect(status).toBeVisible();
  await clickUntilVisible(page.getByTestId("files-toggle"), files);
  await expect(status).toBeVisible();
  const [chat, statusBox, filesBox] = [await rect(page.getByTestId("composer")), await rect(status), await rect(files)];
  // Three columns that do not overlap: conversation, status, files.
  expect(chat.x + chat.width).toBeLessThanOrEqual(statusBox.x);
  expect(statusBox.x + statusBox.width).toBeLessThanOrEqual(filesBox.x + 1);
  expect(filesBox.x + filesBox.width).toBeLessThanOrEqual(1600);
  expect(chat.width).toBeGreaterThan(400);

  // The status toggle closes only the status panel here.
  await page.getByTestId("panel-toggle").click();
  await expect(status).toBeHidden();
  await expect(files).toBeVisible();
  await page.getByTestId("panel-toggle").click();
  await expect(status).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(files).toBeVisible();
  await expect(status).toBeHidden();
});

test("on a phone the admin tabs show that they scroll and every section is reachable", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInPage(page, ADMIN, "/admin/users");
  const nav = page.getByTestId("admin-nav");
  await expect(nav).toHaveAttribute("data-overflow-end", "true");
  await expect(nav).not.toHaveAttribute("data-overflow-start", "true");
  // The last tab starts off screen.
  expect((await rect(page.getByTestId("admin-nav-mcp"))).x).toBeGreaterThan(390 - 40);

  await nav.evaluate((node) => node.scrollTo({ left: node.scrollWidth }));
  await expect(nav).toHaveAttribute("data-overflow-start", "true");
  await expect(nav).not.toHaveAttribute("data-overflow-end", "true");
  await page.getByTestId("admin-nav-mcp").click();
  await expect(page).toHaveURL(/\/admin\/mcp$/);

  // A fresh load of a later section scrolls its tab into view.
  await page.goto("/admin/agents");
  const agents = page.getByTestId("admin-nav-agents");
  await expect(agents).toHaveAttribute("aria-current", "page");
  await expect
    .poll(async () => {
      const box = await rect(agents);
      return box.x >= 0 && box.x + box.width <= 390;
    })
    .toBe(true);
  await expect(nav).toHaveAttribute("data-overflow-start", "true");
});

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the agent form has a section nav, and no field is ever under the save bar (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // Jumps are instant with reduced motion, so positions can be read right after a click.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await signInPage(page, ADMIN, "/admin/agents?agent=new");
    const nav = page.getByTestId("form-section-nav");
    await expect(nav).toBeVisible();
    const links = nav.getByTestId("form-section-link");
    await expect(links.first()).toHaveAttribute("aria-current", "true");
    const ids = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-section")));
    expect(ids[0]).toBe("agent-identity");
    expect(ids.at(-1)).toBe("agent-sharing");
    expect(ids).toContain("config-group-behaviour");

    // Jumping to a section brings its top just under the nav, and the nav marks it.
    await nav.locator('[data-section="config-group-behaviour"]').click();
    const section = page.locator("#config-group-behaviour");
    await expect(nav.locator('[data-section="config-group-behaviour"]')).toHaveAttribute("aria-current", "true");
    await expect
      .poll(async () => {
        const [top, navBox] = [(await rect(section)).y, await rect(nav)];
        return top >= navBox.y + navBox.height - 1 && top <= navBox.y + navBox.height + 40;
      })
      .toBe(true);
    await expect(section.locator("h2")).toBeFocused();

    await nav.locator('[data-section="agent-sharing"]').click();
    await expect(nav.locator('[data-section="agent-sharing"]')).toHaveAttribute("aria-current", "true");

    // Tab through the whole form from the top: each field reached is clear of the save bar and the
    // nav (a field taller than the room between them at least shows its top).
    await page.getByTestId("agent-identity").locator("input").first().focus();
    const bar = page.getByTestId("agent-save-bar");
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press("Tab");
      const focused = page.locator(":focus");
      if (!(await page.getByTestId("agent-editor").evaluate((form) => form.contains(document.activeElement)))) break;
      if (await bar.evaluate((node) => node.contains(document.activeElement))) break;
      if (await nav.evaluate((node) => node.contains(document.activeElement))) continue;
      const [field, barBox, navBox] = [await rect(focused), await rect(bar), await rect(nav)];
      const what = await focused.evaluate((node) => node.outerHTML.slice(0, 160));
      const room = barBox.y - (navBox.y + navBox.height);
      const bottom = field.height <= room ? field.y + field.height : field.y + 24;
      expect(bottom, `field ${i} under the save bar: ${what}`).toBeLessThanOrEqual(barBox.y + 1);
      expect(field.y, `field ${i} under the section nav: ${what}`).toBeGreaterThanOrEqual(navBox.y + navBox.height - 1);
    }
    await saveScreenshot(page, { path: `test-results/agent-form-${viewport.width}.png` });
  });
}
