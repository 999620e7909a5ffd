import { describe, expect, it } from "vitest";
import { agentText, skillText } from "@/components/format/builtin-text";
import { localiseOption } from "./localised-options";

const t = (key: string) => `zh:${key}`;
const text = {
  skill: (item: Parameters<typeof skillText>[1]) => skillText(t, item),
  agent: <D extends string | null>(item: { id: string; name: string; description: D }) => agentText(t, item),
};

describe("localiseOption", () => {
  it("names a built-in skill and the seeded researcher in the user's language", () => {
    expect(
      localiseOption(text, {
        value: "research-report",
        label: "Research report",
        description: "x",
        origin: { kind: "skill", slug: "research-report" },
      }),
    ).toMatchObject({
      value: "research-report",
      label: "zh:skills.research-report.name",
      description: "zh:skills.research-report.description",
    });
    expect(
      localiseOption(text, {
        value: "researcher",
        label: "Researcher",
        description: "A subagent that investigates one question in depth and reports its findings with sources.",
        origin: { kind: "agent", id: "agent-researcher" },
      }),
    ).toEqual({
      value: "researcher",
      label: "zh:agents.agent-researcher.name",
      description: "zh:agents.agent-researcher.description",
      origin: { kind: "agent", id: "agent-researcher" },
    });
  });

  it("leaves a renamed seeded agent, any other agent and every option without an origin as written", () => {
    const renamed = {
      value: "researcher",
      label: "Deep diver",
      origin: { kind: "agent" as const, id: "agent-researcher" },
    };
    expect(localiseOption(text, renamed).label).toBe("Deep diver");
    const mine = { value: "mine", label: "My helper", description: "d", origin: { kind: "agent" as const, id: "a-1" } };
    expect(localiseOption(text, mine)).toMatchObject({ label: "My helper", description: "d" });
    const plain = { value: "kb-1", label: "Handbook" };
    expect(localiseOption(text, plain)).toBe(plain);
  });
});
