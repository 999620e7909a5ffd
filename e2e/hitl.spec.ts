import { expect, test, type Page } from "./test";
import { createUser, signInAsAdmin, signInPage, type CreatedUser } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { saveScreenshot } from "./helpers/pages";

/** Human in the loop in a real browser: approve and reject a write_file, answer ask_user_question. */

type ModelRequest = { messages: { role: string; content: unknown }[] };

/**
 * A user of its own: the sidebar marks each of the user's interrupted threads, and a thread
 * another spec leaves waiting (as the admin) must not show up in this one's.
 */
let user: CreatedUser;

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  user = await createUser(admin, { role: "user" });
  await admin.dispose();
});

async function send(page: Page, text: string) {
  await page.getByTestId("composer-input").fill(text);
  await page.getByTestId("send-button").click();
  await expect(page).toHaveURL(/\/chat\/[\w-]+/);
}

const toolResults = async (key: string) =>
  ((await mock.requests(key)).at(-1)!.body as ModelRequest).messages
    .filter((m) => m.role === "tool")
    .map((m) => String(m.content));

const fileUrl = (path: string) => `/api/workspace/files?path=${encodeURIComponent(path)}`;

test("approve a write_file: the file is written only after approval and the run continues", async ({ page }) => {
  const path = `/home/gem/user-data/e2e-approved-${Date.now()}.md`;
  await mock.script("e2e-approve", [
    {
      toolCalls: [
        {
          name: "write_file",
          args: { file_path: path, content: "# Meeting notes\n\n- Ship the release on Friday\n- Review the budget" },
        },
      ],
    },
    { text: "I saved your meeting notes to the workspace." },
  ]);
  await signInPage(page, user);
  await send(page, `Save my meeting notes ${scriptMarker("e2e-approve")}`);

  const card = page.getByTestId("approval-card");
  await expect(card).toHaveAttribute("data-state", "open");
  await expect(card).toContainText(path);
  await expect(card).toContainText("Ship the release on Friday");
  await expect(page.getByTestId("run-notice")).toBeVisible();
  await expect(page.getByTestId("thread-interrupted")).toBeVisible();
  expect((await page.request.get(fileUrl(path))).status()).toBe(404);
  await saveScreenshot(card, { path: "test-results/hitl-approval-card.png" });
  await saveScreenshot(page, { path: "test-results/hitl-approval-page.png" });

  await card.getByTestId("approve-button").click();
  await expect(page.getByTestId("message-assistant").last()).toContainText(
    "I saved your meeting notes to the workspace.",
  );
  await expect(card).toHaveAttribute("data-state", "answered");
  await expect(card.getByTestId("approval-decision")).toHaveAttribute("data-decision", "approve");
  await expect(page.getByTestId("thread-interrupted")).toHaveCount(0);
  const written = await page.request.get(fileUrl(path));
  expect(written.status()).toBe(200);
  expect(await written.text()).toContain("Ship the release on Friday");

  // After a reload the decision is still there, read-only.
  await page.reload();
  await expect(page.getByTestId("approval-card")).toHaveAttribute("data-state", "answered");
  await expect(page.getByTestId("approve-button")).toHaveCount(0);
  await expect(page.getByTestId("message-assistant").last()).toContainText("I saved your meeting notes");
});

test("reject a write_file with a reason: nothing is written and the model reads the reason", async ({ page }) => {
  const path = `/home/gem/user-data/e2e-rejected-${Date.now()}.md`;
  await mock.script("e2e-reject", [
    { toolCalls: [{ name: "write_file", args: { file_path: path, content: "draft" } }] },
    { text: "Understood, I kept it in the chat." },
  ]);
  await signInPage(page, user);
  await send(page, `Write a draft ${scriptMarker("e2e-reject")}`);

  const card = page.getByTestId("approval-card");
  await card.getByTestId("reject-button").click();
  await card.getByTestId("reject-reason").fill("Keep drafts in the chat");
  await card.getByTestId("reject-confirm").click();

  await expect(page.getByTestId("message-assistant").last()).toContainText("Understood, I kept it in the chat.");
  await expect(card.getByTestId("approval-decision")).toHaveAttribute("data-decision", "reject");
  await expect(card).toContainText("Keep drafts in the chat");
  await saveScreenshot(card, { path: "test-results/hitl-approval-rejected.png" });
  expect((await page.request.get(fileUrl(path))).status()).toBe(404);
  const [result] = await toolResults("e2e-reject");
  expect(result).toContain("rejected this write_file call");
  expect(result).toContain("Keep drafts in the chat");
});

test("answer an ask_user_question form and the run continues to its answer", async ({ page }) => {
  await mock.script("e2e-ask", [
    {
      toolCalls: [
        {
          name: "ask_user_question",
          args: {
            questions: [
              {
                header: "Format",
                question: "Which format should the report have?",
                options: [
                  { label: "PDF", description: "Fixed layout, good for printing" },
                  { label: "Slides" },
                  { label: "Markdown" },
                ],
              },
              {
                header: "Sections",
                question: "Which sections do you need?",
                options: [{ label: "Summary" }, { label: "Figures" }, { label: "Appendix" }],
                multiSelect: true,
                allowOther: false,
              },
            ],
          },
        },
      ],
    },
    { text: "Great: a plain-text report with a summary and figures is on its way." },
  ]);
  await signInPage(page, user);
  await send(page, `Prepare the quarterly report ${scriptMarker("e2e-ask")}`);

  const form = page.getByTestId("question-form");
  await expect(form).toHaveAttribute("data-state", "open");
  const submit = form.getByTestId("question-submit");
  await expect(submit).toBeDisabled();
  await expect(form.getByTestId("question-other-input")).toHaveCount(1); // only the first question takes own words
  await page.setViewportSize({ width: 1280, height: 1400 }); // the whole form on screen, under no sticky header
  await form.scrollIntoViewIfNeeded();
  await saveScreenshot(form, { path: "test-results/hitl-question-form.png" });
  await saveScreenshot(page, { path: "test-results/hitl-question-page.png" });

  const [format, sections] = [form.getByTestId("question").nth(0), form.getByTestId("question").nth(1)];
  await format.getByTestId("question-option").filter({ hasText: "Slides" }).click();
  await format.getByTestId("question-other-input").fill("Plain text");
  await expect(submit).toBeDisabled(); // the second question is still open
  await sections.getByTestId("question-option").filter({ hasText: "Summary" }).click();
  await sections.getByTestId("question-option").filter({ hasText: "Figures" }).click();
  await expect(submit).toBeEnabled();
  await submit.click();

  await expect(page.getByTestId("message-assistant").last()).toContainText(
    "a plain-text report with a summary and figures",
  );
  await expect(form).toHaveAttribute("data-state", "answered");
  await saveScreenshot(form, { path: "test-results/hitl-question-answered.png" });
  const [answer] = await toolResults("e2e-ask");
  expect(answer).toContain('in their own words: "Plain text"');
  expect(answer).not.toContain('"Slides"'); // typing own words replaced the single choice
  expect(answer).toContain('"Summary", "Figures"');
});
