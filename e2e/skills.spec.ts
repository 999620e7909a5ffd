import { expect, test, type APIRequestContext, type Page } from "./test";
import { strFromU8, unzipSync } from "fflate";
import fs from "node:fs/promises";
import { ADMIN, createUser, signIn, signInAsAdmin, signInPage, type CreatedUser } from "./helpers/auth";
import { clickUntilVisible, saveScreenshot } from "./helpers/pages";
import { mock, scriptMarker } from "./helpers/chat";
import { uniqueName } from "./helpers/org";
import { maliciousZips, replaceEditorText, skillCard, skillMarkdown, skillZip, uploadSkill } from "./helpers/skills";

/**
 * Skills in the browser: a skill zip uploaded on /skills, selected for an agent in the generated
 * form, activated by the scripted model's read_file and shown live in the status panel; zips that
 * try to escape (traversal, symlink, bomb) refused with the server's reason; SKILL.md edited
 * online, a broken front matter pointed out by line; files added and removed, sharing, export.
 */

const suffix = uniqueName("s")
  .slice(2)
  .toLowerCase()
  .replace(/[^a-z0-9]+/g, "");
const slug = `field-notes-${suffix}`;
const skillName = `Field notes ${suffix}`;
const BODY_MARK = `FIELD-NOTES-BODY-${suffix}`;
const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/skills-${name}.png`;

let admin: APIRequestContext;
let member: CreatedUser;
let agent: { id: string; name: string };

test.beforeAll(async ({ baseURL }) => {
  admin = await signInAsAdmin(baseURL!);
  member = await createUser(admin, { role: "user" });
  const name = `Naturalist ${suffix}`;
  const res = await admin.post("/api/agents", { data: { slug: `naturalist-${suffix}`, name, config: {} } });
  expect(res.status(), await res.text()).toBe(201);
  agent = { id: ((await res.json()) as { id: string }).id, name };
});

test.afterAll(async () => {
  if (agent) expect([200, 204, 404]).toContain((await admin.delete(`/api/agents/${agent.id}`)).status());
  // The first test shares its skill with everyone: take it away again.
  if (admin) expect([200, 204, 404]).toContain((await admin.delete(`/api/skills/${slug}?scope=shared`)).status());
  await admin?.dispose();
});

async function openSkillsFromMenu(page: Page) {
  await clickUntilVisible(page.getByTestId("user-menu"), page.getByTestId("menu-skills"));
  await page.getByTestId("menu-skills").click();
  await expect(page).toHaveURL(/\/skills$/);
  await expect(page.getByTestId("skills-page")).toBeVisible();
}

test.describe.serial("skills in the browser", () => {
  test("upload a skill zip, select it for an agent, and watch it activate live in the status panel", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signInPage(page);
    await openSkillsFromMenu(page);

    // --- Upload as a shared skill (the superadmin may add shared skills).
    await page.getByTestId("skill-scope-choice").locator('[data-value="shared"]').click();
    const uploaded = page.waitForResponse((r) => r.url().endsWith("/api/skills") && r.request().method() === "POST");
    await uploadSkill(
      page,
      skillZip(
        slug,
        skillMarkdown({
          name: skillName,
          description: "Keeps tidy notes from a field trip.",
          body: `Write the notes as a table. ${BODY_MARK}`,
        }),
      ),
    );
    expect((await uploaded).status()).toBe(201);
    const card = skillCard(page, slug, "shared");
    await expect(card).toBeVisible();
    await expect(card).toContainText(skillName);
    await expect(card).toContainText("Keeps tidy notes from a field trip.");
    await expect(card.getByTestId("skill-scope")).toHaveText("Shared");
    await expect(card.getByTestId("skill-enabled-toggle")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("skill-error")).toHaveCount(0);
    await page.mouse.move(0, 0);
    await saveScreenshot(page, { path: shot("page") });

    // --- Enable it for the agent in the generated form: Skills -> Selected -> this skill.
    await page.goto(`/agents?agent=${agent.id}`);
    await expect(page.getByTestId("agent-editor")).toBeVisible();
    await page.getByTestId("resource-mode-skills").locator('[data-value="selected"]').click();
    const options = page.getByTestId("resource-options-skills");
    const option = options.locator("label").filter({ has: page.locator(`input[data-value="${slug}"]`) });
    await expect(option).toContainText(skillName);
    await expect(option).toContainText("Keeps tidy notes from a field trip.");
    await option.locator("input").check();
    await saveScreenshot(page.getByTestId("config-field-skills"), { path: shot("agent-form") });
    await page.getByTestId("agent-save").click();
    await expect(page).toHaveURL(/\/agents$/);
    const saved = (await (await admin.get(`/api/agents/${agent.id}`)).json()) as { config: { skills: unknown } };
    expect(saved.config.skills).toEqual([slug]);

    // --- Chat: the scripted model reads the skill's SKILL.md; the panel shows it while the answer streams.
    const key = `skills-${suffix}`;
    const skillPath = `/home/gem/skills/${slug}/SKILL.md`;
    await mock.script(key, [
      { toolCalls: [{ name: "read_file", args: { file_path: skillPath } }] },
      { text: `${Array.from({ length: 60 }, (_, i) => `note${i}`).join(" ")} NOTES-DONE`, chunkSize: 6, delayMs: 80 },
    ]);
    // The highlight lasts 2.6 s from when it shows; on a loaded machine a poll can miss it, so the
    // page itself notes whether it showed while the answer was still streaming.
    await page.addInitScript((watched: string) => {
      new MutationObserver(() => {
        const item = document.querySelector(`[data-testid="active-skill"][data-slug="${watched}"]`);
        if (item?.getAttribute("data-fresh") !== "true" || sessionStorage.getItem("fresh-seen")) return;
        const answers = document.querySelectorAll('[data-testid="message-assistant"]');
        const streaming = !answers[answers.length - 1]?.textContent?.includes("NOTES-DONE");
        sessionStorage.setItem("fresh-seen", streaming ? "while streaming" : "after the answer");
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-fresh"] });
    }, slug);
    await page.goto("/");
    const pick = page.getByTestId("agent-option").filter({ hasText: agent.name });
    await clickUntilVisible(page.getByTestId("agent-picker"), pick);
    await pick.click();
    await page.getByTestId("composer-input").fill(`Take notes of my trip ${scriptMarker(key)}`);
    await page.getByTestId("send-button").click();
    await expect(page).toHaveURL(/\/chat\/[\w-]+$/);

    const panel = page.getByTestId("status-panel");
    const active = panel.getByTestId("active-skills").locator(`[data-testid="active-skill"][data-slug="${slug}"]`);
    await expect(active).toBeVisible();
    // Highlighted as it happens, while the answer is still streaming.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem("fresh-seen"))).toBe("while streaming");
    await expect(active).toContainText(skillName);
    await saveScreenshot(panel, { path: shot("panel-live") });
    await expect(page.getByTestId("message-assistant").last()).toContainText("NOTES-DONE", { timeout: 30_000 });
    await expect(active).toHaveAttribute("data-fresh", "false");

    // The model was told where the skill is, and read_file returned its body.
    const requests = await mock.requests(key);
    expect(requests).toHaveLength(2);
    expect(JSON.stringify(requests[0].body)).toContain(skillPath);
    expect(JSON.stringify(requests[0].body)).not.toContain(BODY_MARK);
    expect(JSON.stringify(requests[1].body)).toContain(BODY_MARK);

    // After a reload the panel reads the thread state: still active, named, not highlighted.
    await page.reload();
    await expect(active).toBeVisible();
    await expect(active).toContainText(skillName);
    await expect(active).toHaveAttribute("data-fresh", "false");
    await page.emulateMedia({ colorScheme: "dark" });
    await saveScreenshot(panel, { path: shot("panel-reloaded-dark") });
    await page.emulateMedia({ colorScheme: "light" });

    // --- Back on /skills: switch it off and on, then share it with everyone; a member then sees it.
    await page.goto("/skills");
    await card.getByTestId("skill-enabled-toggle").click();
    await expect(card).toHaveAttribute("data-enabled", "false");
    await expect(card.getByTestId("skill-disabled")).toBeVisible();
    await card.getByTestId("skill-enabled-toggle").click();
    await expect(card).toHaveAttribute("data-enabled", "true");

    const memberApi = await signIn(new URL(page.url()).origin, member.username, member.password);
    const listedFor = async () =>
      ((await (await memberApi.get("/api/skills")).json()) as { slug: string }[]).map((s) => s.slug);
    expect(await listedFor()).not.toContain(slug);
    await card.getByTestId("skill-open").click();
    await expect(page.getByTestId("skill-detail")).toBeVisible();
    await page.getByTestId("skill-share").click();
    const dialog = page.getByTestId("skill-sharing-dialog");
    await expect(dialog.getByTestId("sharing-editor")).toBeVisible();
    await saveScreenshot(dialog, { path: shot("sharing") });
    await dialog.getByTestId("sharing-read-global").click();
    await dialog.getByTestId("skill-sharing-save").click();
    await expect(dialog).toBeHidden();
    expect(await listedFor()).toContain(slug);
    await memberApi.dispose();
  });

  test("zips that escape the skill folder, link outside it or explode are refused with the reason", async ({
    page,
  }) => {
    await signInPage(page, ADMIN, "/skills");
    await expect(page.getByTestId("skills-page")).toBeVisible();
    const error = page.getByTestId("skill-error");

    for (const { label, file, message } of maliciousZips()) {
      await uploadSkill(page, file);
      await expect(error, label).toBeVisible();
      await expect(error).toContainText(`“${file.name}” was refused`);
      await expect(error.getByTestId("skill-error-message"), label).toHaveText(message);
      if (label === "traversal") {
        await saveScreenshot(page.getByTestId("skill-upload-zone").locator(".."), { path: shot("refused") });
        await page.emulateMedia({ colorScheme: "dark" });
        await page.mouse.move(0, 0);
        await saveScreenshot(page, { path: shot("page-dark") });
        await page.emulateMedia({ colorScheme: "light" });
      }
      await error.getByRole("button").click();
      await expect(error).toBeHidden();
    }
    // Nothing of them was installed.
    await expect(page.locator('[data-testid="skill-card"][data-slug="evil"]')).toHaveCount(0);

    // A file that is not a zip at all is turned away before it is sent.
    await uploadSkill(page, { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a zip") });
    await expect(error.getByTestId("skill-error-message")).toHaveText("Only .zip files can be uploaded as skills.");
  });

  test("create a skill, edit SKILL.md with a line-numbered refusal, add and delete a file, export, delete", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const mine = `trip-log-${suffix}`;
    await signInPage(page, ADMIN, "/skills");
    const create = page.getByTestId("skill-create-dialog");
    // A click before hydration does nothing: click until the dialog opens.
    await clickUntilVisible(page.getByTestId("skill-create-button"), create);
    await create.getByTestId("skill-create-name").fill(`Trip log ${suffix}`);
    await expect(create.getByTestId("skill-create-slug")).toHaveValue(mine);
    await create.getByTestId("skill-create-description").fill("Logs each day of a trip.");
    await saveScreenshot(create, { path: shot("create") });
    await create.getByTestId("skill-create-submit").click();

    await expect(page).toHaveURL(new RegExp(`/skills\\?skill=${mine}&scope=personal$`));
    const editor = page.getByTestId("skill-editor");
    await expect(editor).toHaveAttribute("data-status", "ready");
    await expect(editor.locator(".cm-content")).toContainText(`slug: ${mine}`);
    await expect(page.getByTestId("skill-save")).toBeDisabled();
    await page.mouse.move(0, 0);
    await saveScreenshot(page, { path: shot("editor") });

    // Broken front matter: the live check points at line 3, the server refuses the save with the same line.
    await replaceEditorText(
      page,
      `---\nname: Trip log\nslug: Not A Slug\ndescription: Logs each day.\n---\n\n# Trip log\n`,
    );
    const problem = page.getByTestId("skill-error");
    await expect(problem).toHaveAttribute("data-kind", "check");
    await expect(problem.getByTestId("skill-error-line")).toHaveText("Line 3");
    const refused = page.waitForResponse((r) => r.url().includes("/files") && r.request().method() === "PUT");
    await page.keyboard.press("ControlOrMeta+s");
    expect((await refused).status()).toBe(400);
    await expect(problem).toHaveAttribute("data-kind", "save");
    await expect(problem.getByTestId("skill-error-message")).toContainText("SKILL.md line 3");
    await expect(problem.getByTestId("skill-error-line")).toHaveText("Line 3");
    await expect(editor.locator(".cm-error-line")).toHaveText("slug: Not A Slug");
    await expect(page.getByTestId("skill-unsaved")).toBeVisible();
    await saveScreenshot(page, { path: shot("editor-error") });

    // Fixed and saved with Ctrl/Cmd+S: the header shows the new description.
    await replaceEditorText(
      page,
      `---\nname: Trip log ${suffix}\ndescription: Logs each day of a trip, with weather.\n---\n\n# Trip log\n\nOne line per day.\n`,
    );
    await expect(problem).toHaveCount(0);
    await page.keyboard.press("ControlOrMeta+s");
    await expect(page.getByTestId("skill-unsaved")).toHaveCount(0);
    await expect(page.getByTestId("skill-description")).toHaveText("Logs each day of a trip, with weather.");

    // Add a Python file, write it with the Save button, then delete it.
    await page.getByTestId("skill-file-add").click();
    await page.getByTestId("skill-file-path").fill("../outside.py");
    await page.getByTestId("skill-file-create").click();
    await expect(page.getByTestId("skill-file-error")).toContainText("inside the skill folder");
    await page.getByTestId("skill-file-path").fill("scripts/weather.py");
    await page.getByTestId("skill-file-create").click();
    await expect(page.getByTestId("skill-editor-path")).toHaveText("scripts/weather.py");
    await replaceEditorText(page, "print('sunny')");
    await page.getByTestId("skill-save").click();
    await expect(page.getByTestId("skill-unsaved")).toHaveCount(0);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.mouse.move(0, 0);
    await saveScreenshot(page, { path: shot("editor-dark") });
    await page.emulateMedia({ colorScheme: "light" });
    const row = page.locator('[data-testid="skill-file"][data-path="scripts/weather.py"]');
    await row.hover();
    await page.getByTestId("skill-file-delete").click();
    await page.getByTestId("confirm-accept").click();
    await expect(row).toHaveCount(0);
    await expect(page.getByTestId("skill-editor-path")).toHaveText("SKILL.md");

    // Export: a zip holding the saved SKILL.md.
    const download = page.waitForEvent("download");
    await page.getByTestId("skill-detail").getByTestId("skill-export").click();
    const zipPath = await (await download).path();
    const files = unzipSync(new Uint8Array(await fs.readFile(zipPath)));
    const skillMd = Object.entries(files).find(([name]) => name.endsWith("SKILL.md"));
    expect(skillMd && strFromU8(skillMd[1])).toContain("with weather");

    // Delete with confirmation: back on the list, gone.
    await page.getByTestId("skill-detail").getByTestId("skill-delete").click();
    await page.getByTestId("confirm-accept").click();
    await expect(page).toHaveURL(/\/skills$/);
    await expect(skillCard(page, mine, "personal")).toHaveCount(0);
    expect((await admin.get(`/api/skills/${mine}?scope=personal`)).status()).toBe(404);

    // A personal skill whose SKILL.md was broken outside the editor is listed with the reason; its card deletes it.
    const broken = `broken-${suffix}`;
    const put = await admin.put(`/api/workspace/files?path=/home/gem/user-data/agents/skills/${broken}/SKILL.md`, {
      data: "---\nname: Broken\n---\n",
      headers: { "content-type": "text/plain" },
    });
    expect(put.ok(), await put.text()).toBe(true);
    await page.reload();
    const brokenCard = skillCard(page, broken, "personal");
    await expect(brokenCard.getByTestId("skill-problem")).toContainText("SKILL.md line");
    await brokenCard.getByTestId("skill-delete").click();
    await page.getByTestId("confirm-accept").click();
    await expect(brokenCard).toHaveCount(0);
  });
});
