import { describe, expect, it } from "vitest";
import { pastedFiles } from "./pasted-files";

const at = new Date(2026, 11, 4, 17, 5, 2);
const png = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: "image/png" });
const list = (files: File[]) => Object.assign([...files], { item: (i: number) => files[i] }) as unknown as FileList;
const items = (files: File[]) =>
  [
    ...files.map((file) => ({ kind: "file", getAsFile: () => file })),
    { kind: "string", getAsFile: () => null },
  ] as unknown as DataTransferItemList;

describe("pasted files", () => {
  it("names a generic screenshot after the moment it was pasted, and keeps real names", async () => {
    const [shot, report] = pastedFiles({ files: list([png("image.png"), png("report.png")]), items: items([]) }, at);
    expect(shot.name).toBe("pasted-20261204-170502.png");
    expect(shot.type).toBe("image/png");
    expect(new Uint8Array(await shot.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(report.name).toBe("report.png");
  });

  it("numbers several generic images of one paste, and reads the file items when `files` is empty", () => {
    const pasted = pastedFiles({ files: list([]), items: items([png("image.png"), png("")]) }, at);
    expect(pasted.map((file) => file.name)).toEqual(["pasted-20261204-170502-1.png", "pasted-20261204-170502-2.png"]);
  });

  it("finds nothing in a paste of text", () => {
    expect(pastedFiles({ files: list([]), items: items([]) }, at)).toEqual([]);
  });
});
