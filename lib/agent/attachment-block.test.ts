import { describe, expect, it } from "vitest";
import { attachmentBlock, splitAttachmentBlock } from "./attachment-block";

describe("the attachments block", () => {
  const files = [
    { name: "Q3 report: final.pdf", path: "/home/gem/user-data/projects/t1/uploads/Q3 report: final.pdf" },
    { name: "notes.txt", path: "/home/gem/user-data/projects/t1/uploads/notes.txt" },
  ];

  it("reads back the files it lists and the user's own text, names with spaces and colons included", () => {
    const sent = `Compare these two\n\n${attachmentBlock(files)}`;
    expect(splitAttachmentBlock(sent)).toEqual({ text: "Compare these two", files });
  });

  it("keeps a name on one line", () => {
    const block = attachmentBlock([{ name: "two\nlines.txt", path: "/home/gem/x/two lines.txt" }]);
    expect(splitAttachmentBlock(`hi ${block}`).files).toEqual([
      { name: "two lines.txt", path: "/home/gem/x/two lines.txt" },
    ]);
  });

  it("leaves text without a block as it is", () => {
    expect(splitAttachmentBlock("What is <attachments> in HTML?")).toEqual({
      text: "What is <attachments> in HTML?",
      files: [],
    });
  });
});
