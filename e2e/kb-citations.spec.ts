import { expect, test } from "./test";
import { createUser, signInAsAdmin, signInContext, type CreatedUser } from "./helpers/auth";
import { mock, scriptMarker } from "./helpers/chat";
import { uniqueName } from "./helpers/org";
import { saveScreenshot } from "./helpers/pages";

/**
 * Cited knowledge-base answers end to end in the browser: the scripted model reads the knowledge-base skill,
 * calls list_kbs and query_kb; the answer shows its sources, and a source opens the document at
 * the cited lines.
 */

const FACT = "The Oslo office keeps its spare keys in the blue cabinet behind reception.";
const DOC = [
  "# Facilities",
  "",
  "## Reception",
  "Visitors sign in at the front desk.",
  FACT,
  "",
  "## Parking",
  "Bicycles go in the courtyard.",
].join("\n");
const shot = (name: string) => `${process.env.E2E_SCREENSHOT_DIR || "test-results"}/kb-citation-${name}.png`;

let member: CreatedUser;

test.beforeAll(async ({ baseURL }) => {
  const admin = await signInAsAdmin(baseURL!);
  member = await createUser(admin, { role: "user" });
  await admin.dispose();
});

test("an answer built on a knowledge base cites it, and the citation opens the document at its lines", async ({
  page,
}) => {
  // The page's context signs in once; its requests seed the knowledge base as the same member.
  await signInContext(page.context(), member);
  const api = page.request;
  const kb = await (
    await api.post("/api/kbs", { data: { name: uniqueName("Facilities"), description: "Office facilities" } })
  ).json();
  const upload = await api.post(`/api/kbs/${kb.id}/documents`, {
    multipart: { file: { name: "facilities.md", mimeType: "text/markdown", buffer: Buffer.from(DOC) } },
  });
  expect(upload.status()).toBe(201);
  await expect
    .poll(async () => ((await (await api.get(`/api/kbs/${kb.id}/documents`)).json()) as { status: string }[])[0].status)
    .toBe("indexed");

  const key = uniqueName("kb-citation");
  await mock.script(key, [
    { toolCalls: [{ name: "read_file", args: { file_path: "/home/gem/skills/knowledge-base/SKILL.md" } }] },
    { toolCalls: [{ name: "list_kbs", args: {} }] },
    { toolCalls: [{ name: "query_kb", args: { kb_id: kb.id, query_text: "where are the spare keys kept" } }] },
    { text: "The spare keys are in the blue cabinet behind reception [facilities.md, lines 1-5]." },
  ]);
  await page.goto("/");
  await expect(page.getByTestId("composer-input")).toBeVisible();
  await page.getByTestId("composer-input").fill(`Where are the spare keys? ${scriptMarker(key)}`);
  await page.getByTestId("send-button").click();

  const answer = page.getByTestId("message-assistant").last();
  await expect(answer).toContainText("blue cabinet behind reception");
  // The model received the fact in the tool result.
  const requests = (await mock.requests(key)) as { body: { messages: { role: string; content: unknown }[] } }[];
  expect(JSON.stringify(requests.at(-1)!.body.messages.filter((m) => m.role === "tool"))).toContain(FACT);

  const source = answer.getByTestId("kb-source").first();
  await expect(source).toContainText("facilities.md");
  await expect(source).toContainText("lines 1–5");
  await saveScreenshot(page, { path: shot("answer") });
  await source.click();

  await expect(page).toHaveURL(/\/kbs\?kb=.*&doc=.*&line=1&to=5/);
  await expect(page.getByTestId("kb-viewer-name")).toHaveText("facilities.md");
  const marked = page.locator('[data-highlighted="true"]');
  await expect(marked).toHaveCount(5);
  await expect(marked.last()).toContainText(FACT);
  await expect(marked.last()).toBeInViewport();
  await saveScreenshot(page, { path: shot("viewer") });

  // After a reload the stored answer still lists its source.
  await page.goBack();
  await page.reload();
  await expect(page.getByTestId("message-assistant").last().getByTestId("kb-source").first()).toContainText(
    "facilities.md",
  );
});
