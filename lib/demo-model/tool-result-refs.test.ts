import { describe, expect, it } from "vitest";
import type { ChatRequest } from "./request-schema";
import { resolveToolResultRefs } from "./tool-result-refs";

describe("tool result references in scripted tool calls", () => {
  it("fills {{tool:K:field}} from the K-th tool result, in nested arguments, and leaves unknown ones", () => {
    const request = {
      model: "m",
      messages: [
        { role: "user", content: "go" },
        { role: "tool", tool_call_id: "a", content: "task_id: t-1\nQueued." },
        { role: "tool", tool_call_id: "b", content: "task_id: t-2\nQueued." },
      ],
    } as unknown as ChatRequest;
    expect(
      resolveToolResultRefs(
        {
          id: "{{tool:1:task_id}}",
          ids: ["{{tool:0:task_id}}", "x {{tool:1:task_id}}"],
          n: 3,
          gone: "{{tool:5:task_id}}",
        },
        request,
      ),
    ).toEqual({ id: "t-2", ids: ["t-1", "x t-2"], n: 3, gone: "{{tool:5:task_id}}" });
  });
});
