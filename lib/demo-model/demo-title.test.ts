import { describe, expect, it } from "vitest";
import { titleMessages } from "../runs/title-prompt";
import { demoTitle, isTitleRequest } from "./demo-title";
import { demoReply } from "./demo-brain";
import type { ChatRequest } from "./request-schema";

const request = (question: string): ChatRequest =>
  ({ model: "demo-chat", messages: titleMessages(question, "Some answer.") }) as ChatRequest;

describe("the demo model's titles", () => {
  it("knows a title request and answers it with the question's first words, in its language", () => {
    expect(isTitleRequest(request("Hi"))).toBe(true);
    expect(isTitleRequest({ model: "demo-chat", messages: [{ role: "user", content: "Hi" }] } as ChatRequest)).toBe(
      false,
    );
    expect(demoTitle(request("```python\nprint(1)\n``` how do I **print** numbers in Python? [[mock:k]]"))).toBe(
      "Print numbers in Python",
    );
    expect(demoTitle(request("请帮我制定下周的学习计划，谢谢！"))).toBe("请帮我制定下周的学习计划");
  });

  it("is what the demo model streams for a title request, not a plan or a summary", () => {
    const reply = demoReply(request("Plan my week"), 0);
    expect(reply.toolCalls).toEqual([]);
    expect(reply.textChunks.join("")).toBe("Plan my week");
  });
});
