import { describe, expect, it } from "vitest";
import { kbFormatOf } from "./formats";

describe("kbFormatOf", () => {
  it("knows the supported extensions, in any case and under folders", () => {
    expect(kbFormatOf("Report.PDF")).toBe("pdf");
    expect(kbFormatOf("docs\\guide.md")).toBe("md");
    expect(kbFormatOf("a/b/notes.markdown")).toBe("markdown");
  });

  it("refuses everything else, inherited object keys and dot-files included", () => {
    for (const name of ["run.exe", "x.constructor", "x.toString", "x.__proto__", ".md", "noext", "archive.zip"])
      expect(kbFormatOf(name), name).toBeNull();
  });
});
