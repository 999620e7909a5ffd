import { describe, expect, it } from "vitest";
import { passageWindow } from "./passage-window";

const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `Line ${i + 1} talks about the weather and the garden in general terms.`);

describe("passageWindow", () => {
  it("keeps a passage that fits whole", () => {
    const w = passageWindow("one\ntwo\nthree", "two", 100);
    expect(w).toEqual({ text: "one\ntwo\nthree", firstLine: 0, lastLine: 2, cutBefore: false, cutAfter: false });
  });

  it("finds the fact at the end of a long passage, with the lines it spans", () => {
    const lines = [...filler(30), "The boiler pressure must stay between 1.2 and 1.5 bar when the heating is on."];
    const content = lines.join("\n");
    expect(content.length).toBeGreaterThan(2000);
    const w = passageWindow(content, "what boiler pressure is right", 400);
    expect(w.text).toContain("between 1.2 and 1.5 bar");
    expect(w.text.length).toBeLessThanOrEqual(400);
    expect(w.lastLine).toBe(30);
    expect(w.firstLine).toBeGreaterThan(0);
    expect(w.cutBefore).toBe(true);
    expect(w.cutAfter).toBe(false);
    // The window starts at a line: the model reads whole lines, numbered as the document is.
    expect(lines.some((l) => w.text.startsWith(l))).toBe(true);
  });

  it("prefers the stretch with the most distinct query terms", () => {
    const lines = [
      "pressure is mentioned here alone.",
      ...filler(10),
      "Here the boiler pressure and the valve are all described together.",
      ...filler(10),
      "valve appears once more, on its own.",
    ];
    const w = passageWindow(lines.join("\n"), "boiler pressure valve", 200);
    expect(w.text).toContain("Here the boiler pressure and the valve are all described together.");
    expect(w.firstLine).toBeLessThanOrEqual(11);
    expect(w.lastLine).toBeGreaterThanOrEqual(11);
    expect(w.text).not.toContain("pressure is mentioned here alone");
  });

  it("gives the opening of a passage without a match", () => {
    const content = filler(40).join("\n");
    const w = passageWindow(content, "zeppelin", 300);
    expect(w.text.startsWith("Line 1 ")).toBe(true);
    expect(w).toMatchObject({ firstLine: 0, cutBefore: false, cutAfter: true });
    expect(w.text.length).toBeLessThanOrEqual(300);
  });

  it("matches Chinese queries by their segmented words, case and width aside", () => {
    const content = `${"这是关于天气的一段很长的说明。".repeat(60)}\n锅炉压力应保持在1.2到1.5巴之间。`;
    const w = passageWindow(content, "锅炉压力是多少", 120);
    expect(w.text).toContain("锅炉压力应保持在1.2到1.5巴之间");
    expect(w.lastLine).toBe(1);
  });

  it("survives a match longer than the window", () => {
    const content = `${"a ".repeat(100)}supercalifragilistic_expialidocious_word ${"b ".repeat(100)}`;
    const w = passageWindow(content, "supercalifragilistic_expialidocious_word", 10);
    expect(w.text.length).toBeLessThanOrEqual(10);
    expect(w.text.startsWith("supercali")).toBe(true);
  });

  it("never returns more than asked, even for one unbroken line", () => {
    const content = `${"x".repeat(5000)}needle${"y".repeat(5000)}`;
    const w = passageWindow(content, "needle", 500);
    expect(w.text.length).toBeLessThanOrEqual(500);
    expect(w.text).toContain("needle");
    expect(w).toMatchObject({ firstLine: 0, lastLine: 0, cutBefore: true, cutAfter: true });
  });
});
