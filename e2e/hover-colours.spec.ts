import { expect, test, type Locator, type Page } from "./test";
import { signInContext } from "./helpers/auth";
import { uniqueName } from "./helpers/org";

/**
 * A caller's hover colour on IconButton wins over the base one (cn() =
 * clsx + tailwind-merge). Checked on the real stylesheet by computed colour while hovered.
 */

/** The colour a CSS variable resolves to, as getComputedStyle reports colours. */
function resolved(page: Page, variable: string): Promise<string> {
  return page.evaluate((v) => {
    const probe = document.createElement("span");
    probe.style.color = `var(${v})`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, variable);
}

async function hoveredColour(page: Page, target: Locator): Promise<string> {
  await page.mouse.move(0, 0);
  await target.hover();
  // transition-colors: wait for the colour to settle.
  let last = "";
  await expect
    .poll(async () => {
      const now = await target.evaluate((el) => getComputedStyle(el).color);
      const settled = now === last;
      last = now;
      return settled;
    })
    .toBe(true);
  return last;
}

test("a danger IconButton turns the danger colour on hover; others the foreground colour", async ({ page }) => {
  await signInContext(page.context());
  const name = uniqueName("hover");
  expect((await page.request.post("/api/tokens", { data: { name } })).status()).toBe(201);

  await page.goto("/settings/tokens");
  const revoke = page.getByTestId(`token-revoke-${name}`);
  await expect(revoke).toBeVisible();
  const danger = await resolved(page, "--danger");
  const foreground = await resolved(page, "--foreground");
  expect(danger).not.toBe(foreground);

  expect(await revoke.getAttribute("class")).not.toContain("hover:text-foreground");
  expect(await hoveredColour(page, revoke)).toBe(danger);

  // The failure this replaces: with both classes (what clsx alone produced) the base one wins.
  await revoke.evaluate((el) => el.classList.add("hover:text-foreground"));
  expect(await hoveredColour(page, revoke)).toBe(foreground);
});
