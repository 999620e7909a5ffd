import { describe, expect, it } from "vitest";
import { extensionOf, previewKindOf } from "./file-kind";

describe("previewKindOf", () => {
  it("renders markdown, highlights code by its language, shows other text as text", () => {
    expect(previewKindOf("report.md", "text/markdown")).toEqual({ kind: "markdown" });
    expect(previewKindOf("README.markdown")).toEqual({ kind: "markdown" });
    expect(previewKindOf("main.py", "text/x-python")).toEqual({ kind: "code", language: "python" });
    expect(previewKindOf("App.TSX")).toEqual({ kind: "code", language: "typescript" });
    expect(previewKindOf("Makefile")).toEqual({ kind: "code", language: "makefile" });
    expect(previewKindOf("data.csv", "text/csv")).toEqual({ kind: "text" });
    expect(previewKindOf("notes", "text/plain")).toEqual({ kind: "text" });
    expect(previewKindOf("cells.ipynb", "application/x-ipynb+json")).toEqual({ kind: "text" });
  });

  it("shows images and PDFs inline, but never SVG as an image (it could carry script)", () => {
    expect(previewKindOf("chart.png", "image/png")).toEqual({ kind: "image" });
    expect(previewKindOf("scan", "image/jpeg")).toEqual({ kind: "image" });
    expect(previewKindOf("paper.pdf", "application/pdf")).toEqual({ kind: "pdf" });
    expect(previewKindOf("logo.svg", "image/svg+xml")).toEqual({ kind: "code", language: "xml" });
  });

  it("offers no preview for binary documents and unknown types", () => {
    expect(
      previewKindOf("deck.pptx", "application/vnd.openxmlformats-officedocument.presentationml.presentation"),
    ).toEqual({ kind: "none" });
    expect(previewKindOf("archive.zip", "application/zip")).toEqual({ kind: "none" });
    expect(previewKindOf("blob")).toEqual({ kind: "none" });
  });
});

describe("extensionOf", () => {
  it("reads the last extension of the base name, lower-cased", () => {
    expect(extensionOf("/home/gem/user-data/a.b/Report.Final.PDF")).toBe("pdf");
    expect(extensionOf(".env")).toBe("env");
    expect(extensionOf("Dockerfile")).toBe("dockerfile");
  });
});
