import { expect, test } from "./test";
import { signInPage } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { clickUntilVisible } from "./helpers/pages";

/** What Meridian ships (built-in skills, the seeded agents) is named in the user's language. */

// Each test has its own page, chat and mock script: they may run side by side.
test.describe.configure({ mode: "parallel" });

for (const [locale, text] of [
  ["en", { skill: "HTML preview", skillWord: "self-contained", agent: "Researcher", assistant: "Meridian Assistant" }],
  ["zh-CN", { skill: "HTML 预览", skillWord: "单文件", agent: "研究员", assistant: "Meridian 助手" }],
] as const) {
  test(`built-in skills and seeded agents read in ${locale}`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    await signInPage(page, undefined, "/skills");
    const card = page.locator('[data-testid="skill-card"][data-slug="html-preview"]');
    await expect(card).toContainText(text.skill);
    await expect(card).toContainText(text.skillWord);
    await card.getByTestId("skill-open").click();
    await expect(page.getByTestId("skill-name")).toHaveText(text.skill);

    await page.goto("/admin/agents");
    await expect(
      page.locator('[data-testid="agent-row"][data-slug="researcher"] [data-testid="agent-row-name"]'),
    ).toHaveText(text.agent);
    await expect(
      page.locator('[data-testid="agent-row"][data-slug="assistant"] [data-testid="agent-row-name"]'),
    ).toHaveText(text.assistant);

    // The agent form lists them the same way: the built-in skill and the researcher as options.
    await page.goto("/admin/agents?agent=new");
    for (const key of ["skills", "subagents"] as const) {
      await clickUntilVisible(
        page.getByTestId(`resource-mode-${key}`).locator('[data-value="selected"]'),
        page.getByTestId(`resource-options-${key}`),
      );
    }
    await expect(page.getByTestId("resource-options-skills")).toContainText(text.skill);
    await expect(page.getByTestId("resource-options-subagents")).toContainText(text.agent);

    // The status panel names a built-in skill the agent reads the same way, live and after a reload.
    const key = `builtin-skill-${locale}-${Date.now().toString(36)}`;
    await mock.script(key, [
      { toolCalls: [{ name: "read_file", args: { file_path: "/home/gem/skills/html-preview/SKILL.md" } }] },
      { text: "PREVIEW-READY" },
    ]);
    await page.goto("/");
    await page.getByTestId("composer-input").fill(`Make a page ${scriptMarker(key)}`);
    await page.getByTestId("send-button").click();
    const active = page.locator('[data-testid="active-skill"][data-slug="html-preview"]');
    await expect(active).toContainText(text.skill);
    await expect(page.getByTestId("message-assistant").last()).toContainText("PREVIEW-READY");
    await page.reload();
    await expect(active).toContainText(text.skill);
  });
}
