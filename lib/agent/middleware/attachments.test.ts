import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { HumanMessage } from "@langchain/core/messages";
import {
  startAgentHarness,
  createTestUser,
  runAgentTurn,
  readAll,
  userMessage,
  MOCK_PROVIDER,
  type AgentHarness,
} from "@/lib/testing/agent-harness";
import { scriptMarker } from "@/lib/testing/scripted-model";
import { saveUpload } from "@/lib/files/upload";
import { workdirOf } from "@/lib/workspace/paths";
import type { Actor } from "@/lib/identity/actor";
import { getThreadState } from "@/lib/runs/thread-state";
import { startChatRun } from "@/lib/runs/start-run";
import { activeRunForThread } from "@/lib/runs/registry";
import { statementsDuring } from "@/lib/testing/sql-spy";

/** The attachment list reaches the model's copy of the user message on every run, and only there. */
type Body = { messages: { role: string; content: unknown }[] };

let h: AgentHarness;
let user: Actor;
let other: Actor;
let dataDir: string;
const spec = `${MOCK_PROVIDER}:mock-chat`;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "attachments-"));
  vi.stubEnv("DATA_DIR", dataDir);
  h = await startAgentHarness();
  user = await createTestUser("user");
  other = await createTestUser("user");
});
afterAll(async () => {
  await h.stop();
  vi.unstubAllEnvs();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const textOf = (content: unknown) =>
  typeof content === "string" ? content : (content as { text?: string }[]).map((b) => b.text ?? "").join("");

function upload(actor: Actor, threadId: string, name: string, text: string) {
  return saveUpload(actor, threadId, { name, bytes: Buffer.from(text), declaredType: "text/plain", fields: {} });
}

describe("attachments middleware", () => {
  it("lists every upload of the thread in the model's copy only, on every run", async () => {
    const threadId = crypto.randomUUID();
    const first = await upload(user, threadId, "Q3 figures.csv", "a,b\n1,2\n");
    await h.client.script("att", [{ text: "seen" }, { text: "seen again" }]);
    const run1 = await runAgentTurn(user, `look ${scriptMarker("att")}`, { modelSpec: spec, threadId });
    const second = await upload(user, threadId, "notes.md", "# notes\n");
    const run2 = await runAgentTurn(user, `and now ${scriptMarker("att")}`, { modelSpec: spec, threadId });

    const [req1, req2] = (await h.client.requests("att")).map((r) => r.body as Body);
    const lastUser = (b: Body) => textOf(b.messages.filter((m) => m.role === "user").at(-1)!.content);
    expect(first.path.startsWith(`${workdirOf(threadId)}/uploads/`)).toBe(true);
    expect(lastUser(req1)).toContain(`- Q3 figures.csv: ${first.path}`);
    expect(lastUser(req1)).not.toContain("notes.md");
    expect(lastUser(req2)).toContain(`- Q3 figures.csv: ${first.path}`);
    expect(lastUser(req2)).toContain(`- notes.md: ${second.path}`);
    // The earlier user message in the second request is history: original text, no block.
    const users2 = req2.messages.filter((m) => m.role === "user").map((m) => textOf(m.content));
    expect(users2[0]).toBe(`look ${scriptMarker("att")}`);

    // The status panel lists the same files, to the owner only.
    const state = await getThreadState(user, threadId);
    expect(state.files.map((f) => [f.name, f.path, f.mediaType])).toEqual([
      ["Q3 figures.csv", first.path, first.mediaType],
      ["notes.md", second.path, second.mediaType],
    ]);
    await expect(getThreadState(other, threadId)).rejects.toThrow();

    // State (history the next runs and the UI build on) keeps the user's own text.
    for (const values of [run1.values, run2.values]) {
      for (const m of values.messages as unknown[]) {
        if (HumanMessage.isInstance(m)) expect(textOf(m.content)).not.toContain("<attachments>");
      }
    }
  });

  it("adds nothing when the thread has no uploads, and never another user's", async () => {
    const threadId = crypto.randomUUID();
    await upload(other, crypto.randomUUID(), "theirs.txt", "private");
    await h.client.script("none", [{ text: "ok" }]);
    await runAgentTurn(user, `hello ${scriptMarker("none")}`, { modelSpec: spec, threadId });
    const [req] = (await h.client.requests("none")).map((r) => r.body as Body);
    const all = JSON.stringify(req.messages);
    expect(all).not.toContain("<attachments>");
    expect(all).not.toContain("theirs.txt");
  });

  it("a conversation's first run, whose request made the thread, does not look; later runs do", async () => {
    const threadId = crypto.randomUUID();
    await h.client.script("fresh", [{ text: "one" }, { text: "two" }]);
    const attachmentReads = (sql: string[]) => sql.filter((text) => /from "attachments"/.test(text)).length;
    const turn = async (words: string) => {
      const { sql } = await statementsDuring(async () => {
        const { stream } = await startChatRun(user, { threadId, message: userMessage(words), modelSpec: spec });
        await readAll(stream);
        await activeRunForThread(threadId)?.done;
      });
      return attachmentReads(sql);
    };
    expect(await turn(`first ${scriptMarker("fresh")}`)).toBe(0);
    const file = await upload(user, threadId, "later.txt", "added after the first answer");
    expect(await turn(`second ${scriptMarker("fresh")}`)).toBe(1);
    const [, second] = (await h.client.requests("fresh")).map((r) => r.body as Body);
    expect(textOf(second.messages.filter((m) => m.role === "user").at(-1)!.content)).toContain(
      `- later.txt: ${file.path}`,
    );
  });
});
