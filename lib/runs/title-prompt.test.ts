import { describe, expect, it } from "vitest";
import { MAX_TITLE_CHARS, sanitizeTitle, TITLE_SYSTEM_MARKER, titleMessages } from "./title-prompt";

describe("the title prompt", () => {
  it("quotes the first exchange as a transcript, clipped, after the instructions", () => {
    const [system, user] = titleMessages("How do I **parse** CSV?", "x".repeat(5_000));
    expect(system.content.startsWith(TITLE_SYSTEM_MARKER)).toBe(true);
    expect(user.content).toMatch(
      /^<conversation>\nUser: How do I \*\*parse\*\* CSV\?\nAssistant: x+ …\n<\/conversation>$/,
    );
    expect(user.content.length).toBeLessThan(1_400);
  });
});

describe("sanitizeTitle", () => {
  it("keeps plain text only: no label, quotes, markdown or final punctuation", () => {
    expect(sanitizeTitle('Title: "Parsing **CSV** files in Python."')).toBe("Parsing CSV files in Python");
    expect(sanitizeTitle("## `print` in Python\nMore text")).toBe("print in Python");
    expect(sanitizeTitle("标题：「Python 打印函数」。")).toBe("Python 打印函数");
    expect(sanitizeTitle("\n\n  Weekly   plan  \n")).toBe("Weekly plan");
  });

  it("cuts a long title at a word, and gives nothing for an empty answer", () => {
    const long = sanitizeTitle("A very long title that goes on and on about many different things at once")!;
    expect(long.length).toBeLessThanOrEqual(MAX_TITLE_CHARS);
    expect(long.endsWith(" ")).toBe(false);
    expect("A very long title that goes on and on about many different things at once".startsWith(long)).toBe(true);
    expect(sanitizeTitle("```\ncode only\n```")).toBeNull();
    expect(sanitizeTitle('  "" ')).toBeNull();
  });
});
