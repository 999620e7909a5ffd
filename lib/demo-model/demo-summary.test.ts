import { describe, expect, it } from "vitest";
import { demoReply } from "./demo-brain";
import type { ChatRequest } from "./request-schema";
import { fillSummaryPrompt } from "../agent/summary/default-prompt";
import { extractionMessages } from "../memory/extract-prompt";

const text = (request: ChatRequest) => demoReply(request, 0).textChunks.join("");

describe("the demo model's summaries and memory", () => {
  it("summarises a transcript under the seed's headings and keeps every user line, earlier summaries included", () => {
    const transcript =
      "Earlier summary:\n- The code word is PELICAN\n\nUser: Use /home/gem/user-data/a.md\n\nAssistant: ok";
    const request = { model: "demo-chat", messages: [{ role: "user", content: fillSummaryPrompt(null, transcript) }] };
    const out = text(request as ChatRequest);
    for (const h of [
      "## Intent",
      "## Requirements and preferences",
      "## Progress and decisions",
      "## Artifacts and references",
      "## Next steps",
    ])
      expect(out).toContain(h);
    expect(out).toContain("- The code word is PELICAN");
    expect(out).toContain("- Use /home/gem/user-data/a.md");
    expect(out).toMatch(/## Artifacts and references\n- \/home\/gem\/user-data\/a\.md/);
  });

  it("extracts durable facts, skips passing requests and secrets, and answers NONE when there is nothing", () => {
    const transcript =
      "User: Remember that I prefer tea. Fix the bug now. My password is hunter2.\n\nAssistant: Sure.\n\nUser: 我喜欢简洁的回答。";
    const messages = extractionMessages("", transcript);
    expect(text({ model: "demo-chat", messages } as ChatRequest)).toBe(
      "- Remember that I prefer tea.\n- 我喜欢简洁的回答。",
    );
    const none = extractionMessages("", "User: Fix the bug now.");
    expect(text({ model: "demo-chat", messages: none } as ChatRequest)).toBe("NONE");
  });
});
