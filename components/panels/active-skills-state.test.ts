import { describe, expect, it } from "vitest";
import { NO_ACTIVE_SKILLS, skillsFromState, skillsFromStream } from "./active-skills-state";

describe("active skills in the status panel", () => {
  it("marks the slugs a stream part newly activates as fresh and learns their names", () => {
    const first = skillsFromStream(NO_ACTIVE_SKILLS, {
      activated: ["research"],
      available: [{ slug: "research", name: "Research report" }],
    });
    expect(first).toEqual({
      activated: ["research"],
      names: { research: "Research report" },
      builtins: [],
      fresh: ["research"],
    });
    const second = skillsFromStream(first, {
      activated: ["research", "html-preview"],
      available: [{ slug: "html-preview", name: "HTML preview" }],
    });
    expect(second.activated).toEqual(["research", "html-preview"]);
    expect(second.fresh).toEqual(["html-preview"]);
    expect(second.names).toEqual({ research: "Research report", "html-preview": "HTML preview" });
  });

  it("keeps the running highlight when a part repeats the same list", () => {
    const first = skillsFromStream(NO_ACTIVE_SKILLS, { activated: ["research"], available: [] });
    const again = skillsFromStream(first, { activated: ["research"], available: [] });
    expect(again.fresh).toBe(first.fresh);
  });

  it("takes the server's list on load without highlighting anything", () => {
    const loaded = skillsFromState(NO_ACTIVE_SKILLS, ["knowledge-base", "knowledge-base", ""]);
    expect(loaded).toEqual({ activated: ["knowledge-base"], names: {}, builtins: [], fresh: [] });
    expect(skillsFromState(loaded, undefined).activated).toEqual([]);
  });

  it("remembers which skills the stream says are built in; a later list without the flag (a personal copy) wins", () => {
    const first = skillsFromStream(NO_ACTIVE_SKILLS, {
      activated: ["research-report"],
      available: [
        { slug: "research-report", name: "Research report", builtin: true },
        { slug: "mine", name: "Mine" },
      ],
    });
    expect(first.builtins).toEqual(["research-report"]);
    const second = skillsFromStream(first, {
      activated: ["research-report"],
      available: [{ slug: "research-report", name: "My report" }],
    });
    expect(second.builtins).toEqual([]);
    expect(second.names["research-report"]).toBe("My report");
  });
});
