import { describe, expect, it } from "vitest";
import { agentText, skillText } from "./builtin-text";

const t = (key: string) => `zh:${key}`;

describe("agentText", () => {
  it("translates a seeded agent while its texts are the shipped ones", () => {
    expect(
      agentText(t, {
        id: "agent-researcher",
        name: "Researcher",
        description: "A subagent that investigates one question in depth and reports its findings with sources.",
      }),
    ).toEqual({ name: "zh:agents.agent-researcher.name", description: "zh:agents.agent-researcher.description" });
  });

  it("keeps what an admin wrote, field by field", () => {
    expect(
      agentText(t, {
        id: "agent-default",
        name: "Helpdesk",
        description: "A general assistant that plans multi-step work with a todo list.",
      }),
    ).toEqual({
      name: "Helpdesk",
      description: "zh:agents.agent-default.description",
    });
    expect(agentText(t, { id: "agent-default", name: "Meridian Assistant", description: "Ours now" })).toEqual({
      name: "zh:agents.agent-default.name",
      description: "Ours now",
    });
  });

  it("leaves any other agent alone, even one named like a seeded agent", () => {
    expect(agentText(t, { id: "a-1", name: "Researcher", description: null })).toEqual({
      name: "Researcher",
      description: null,
    });
    expect(agentText(t, { id: "toString", name: "x", description: "y" })).toEqual({ name: "x", description: "y" });
  });
});

describe("skillText", () => {
  it("translates the built-in skills only", () => {
    expect(skillText(t, { slug: "html-preview", source: "builtin", name: "HTML preview", description: "d" })).toEqual({
      name: "zh:skills.html-preview.name",
      description: "zh:skills.html-preview.description",
    });
    // A personal or shared skill that took a built-in's slug is the owner's own.
    expect(skillText(t, { slug: "html-preview", source: "user", name: "Mine", description: "mine" })).toEqual({
      name: "Mine",
      description: "mine",
    });
    expect(skillText(t, { slug: "other", source: "builtin", name: "Other", description: "o" })).toEqual({
      name: "Other",
      description: "o",
    });
  });
});
