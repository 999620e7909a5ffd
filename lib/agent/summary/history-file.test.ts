import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AIMessage, HumanMessage, type BaseMessage } from "@langchain/core/messages";
import { WorkspaceBackend } from "@/lib/workspace/backend";
import { createLocalStore } from "@/lib/workspace/store/local";
import { appendHistory } from "./history-file";

let dir: string;
let backend: WorkspaceBackend;
const file = "/home/gem/user-data/projects/t/outputs/conversation_history/t.md";
const read = () => fs.readFileSync(path.join(dir, "projects/t/outputs/conversation_history/t.md"), "utf8");
const turns = (from: number, n: number, label = ""): BaseMessage[] =>
  Array.from({ length: n }, (_, i) =>
    i % 2 ? new AIMessage(`answer ${from + i}${label}`) : new HumanMessage(`question ${from + i}${label}`),
  );

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "history-"));
  backend = new WorkspaceBackend(createLocalStore(dir), null, "u-history");
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the conversation history file", () => {
  it("appends each summarised stretch as a section naming its messages", async () => {
    expect(await appendHistory(backend, file, turns(0, 4), 0, new Date("2026-12-01T10:00:00Z"))).toBe(file);
    await appendHistory(backend, file, turns(4, 4), 4, new Date("2026-12-01T11:00:00Z"));
    const text = read();
    expect(text).toContain("## Summarised at 2026-12-01T10:00:00.000Z · messages 1–4\n");
    expect(text).toContain("## Summarised at 2026-12-01T11:00:00.000Z · messages 5–8\n");
    expect(text.indexOf("question 0")).toBeLessThan(text.indexOf("question 4"));
  });

  it("drops the sections of a branch the user left when the new branch is summarised from before them", async () => {
    // The user edited message 6: the new branch's next summary covers messages 5 onwards again.
    await appendHistory(backend, file, turns(4, 6, " (edited)"), 4, new Date("2026-12-01T12:00:00Z"));
    const text = read();
    expect(text).toContain("messages 1–4\n");
    expect(text).not.toContain("messages 5–8\n");
    expect(text).not.toMatch(/question 4\n/);
    expect(text).toContain("question 4 (edited)");
    expect(text).toContain("## Summarised at 2026-12-01T12:00:00.000Z · messages 5–10\n");
    // Text the file had before sections were numbered is kept.
    fs.writeFileSync(
      path.join(dir, "projects/t/outputs/conversation_history/t.md"),
      "## Summarised at 2026-11-30T00:00:00.000Z\n\nold notes\n\n" + text,
    );
    await appendHistory(backend, file, turns(10, 2), 10);
    expect(read()).toContain("old notes");
    expect(read()).toContain("messages 11–12\n");
  });
});
