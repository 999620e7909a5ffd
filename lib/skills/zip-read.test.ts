import { describe, expect, it } from "vitest";
import { zipSync } from "fflate";
import { readSkillZip } from "./zip-read";
import { skillZip } from "./zip-write";
import { validateSkillPackage } from "./package";
import { DEFAULT_SKILL_LIMITS } from "./limits";
import { buildZip, MALICIOUS_ZIPS, skillMarkdown } from "@/lib/testing/zip-fixtures";

const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString("utf8");
const read = (zip: Uint8Array, limits = DEFAULT_SKILL_LIMITS) => readSkillZip(zip, limits);

function refusal(fn: () => unknown): { status: number; code: string; message: string } {
  try {
    fn();
  } catch (err) {
    return err as { status: number; code: string; message: string };
  }
  throw new Error("expected a refusal");
}

describe("readSkillZip", () => {
  it("reads a flat zip made by a normal zip tool", () => {
    const zip = zipSync({
      "SKILL.md": Buffer.from(skillMarkdown("Flat")),
      "templates/report.md": Buffer.from("# Template"),
    });
    const { files, folderName } = read(zip);
    expect(folderName).toBeNull();
    expect([...files.keys()].sort()).toEqual(["SKILL.md", "templates/report.md"]);
    expect(text(files.get("templates/report.md"))).toBe("# Template");
  });

  it("strips a single top-level folder, skipping folder entries and macOS noise", () => {
    const zip = buildZip([
      { name: "weekly-report/" },
      { name: "weekly-report/SKILL.md", data: skillMarkdown("Weekly") },
      { name: "weekly-report/scripts/" },
      { name: "weekly-report/scripts/run.py", data: "print('hi')", method: 0 },
      { name: "weekly-report/.DS_Store", data: "junk" },
      { name: "__MACOSX/weekly-report/._SKILL.md", data: "junk" },
    ]);
    const { files, folderName } = read(zip);
    expect(folderName).toBe("weekly-report");
    expect([...files.keys()].sort()).toEqual(["SKILL.md", "scripts/run.py"]);
    expect(text(files.get("scripts/run.py"))).toBe("print('hi')");
  });

  it("derives the slug from the stripped folder, and the front matter slug wins over it", () => {
    const fromFolder = read(buildZip([{ name: "My Skill/SKILL.md", data: skillMarkdown("Anything") }]));
    expect(validateSkillPackage(fromFolder.files, { folderName: fromFolder.folderName }).slug).toBe("my-skill");
    const declared = read(
      buildZip([{ name: "folder/SKILL.md", data: skillMarkdown("Anything", "d", "slug: chosen\n") }]),
    );
    expect(validateSkillPackage(declared.files, { folderName: declared.folderName }).slug).toBe("chosen");
    const flat = read(buildZip([{ name: "SKILL.md", data: skillMarkdown("Quarterly Numbers") }]));
    expect(validateSkillPackage(flat.files, { folderName: flat.folderName }).slug).toBe("quarterly-numbers");
  });

  it("does not strip two top-level folders, and then wants SKILL.md at the root", () => {
    const zip = buildZip([
      { name: "a/SKILL.md", data: skillMarkdown("A") },
      { name: "b/other.md", data: "x" },
    ]);
    expect(refusal(() => read(zip)).message).toMatch(
      /SKILL\.md must be at the top of the zip \(or inside one folder\), but it is at "a\/SKILL\.md"/,
    );
  });

  it("refuses SKILL.md nested two folders deep", () => {
    const zip = buildZip([{ name: "outer/inner/SKILL.md", data: skillMarkdown("Deep") }]);
    expect(refusal(() => read(zip)).message).toMatch(/but it is at "inner\/SKILL\.md"/);
  });

  for (const c of MALICIOUS_ZIPS) {
    it(`refuses ${c.label} with a ${c.status} a person understands`, () => {
      const err = refusal(() => read(c.zip()));
      expect(err.status).toBe(c.status);
      expect(err.code).toBe(c.status === 413 ? "too_large:skill" : "bad_request:skill");
      expect(err.message).toMatch(/^The zip was refused: /);
      expect(err.message).toMatch(c.message);
    });
  }

  it("refuses more entries than allowed before reading any of them", () => {
    const entries = Array.from({ length: 501 }, (_, i) => ({ name: `f${i}.txt`, data: "x", method: 0 as const }));
    const err = refusal(() => read(buildZip([{ name: "SKILL.md", data: skillMarkdown("Many") }, ...entries])));
    expect(err).toMatchObject({ status: 413, message: expect.stringMatching(/502 entries; at most 500/) });
  });

  it("refuses a zip larger than the compressed limit, and honours smaller configured limits", () => {
    const zip = buildZip([
      { name: "SKILL.md", data: skillMarkdown("Big") },
      { name: "data.txt", data: "y".repeat(5000), method: 0 },
    ]);
    expect(refusal(() => read(zip, { ...DEFAULT_SKILL_LIMITS, maxZipBytes: 1000 })).message).toMatch(
      /the limit is 1000 bytes/,
    );
    expect(refusal(() => read(zip, { ...DEFAULT_SKILL_LIMITS, maxFileBytes: 4000 })).message).toMatch(
      /"data\.txt" is 4\.9 KiB; one file may be at most 3\.9 KiB/,
    );
    expect(refusal(() => read(zip, { ...DEFAULT_SKILL_LIMITS, maxTotalBytes: 4000 })).message).toMatch(
      /add up to more than/,
    );
  });

  it("refuses a folder symlink, a device file, a file that is also a folder, encrypted entries and non-zips", () => {
    const base = { name: "SKILL.md", data: skillMarkdown("S") };
    expect(refusal(() => read(buildZip([base, { name: "link/", unixMode: 0o120755 }]))).message).toMatch(
      /symbolic link/,
    );
    expect(refusal(() => read(buildZip([base, { name: "fifo", unixMode: 0o010644 }]))).message).toMatch(
      /not a regular file/,
    );
    expect(refusal(() => read(buildZip([base, { name: "a", data: "x" }, { name: "a/b", data: "y" }]))).message).toMatch(
      /"a" is both a file and a folder/,
    );
    const encrypted = buildZip([base]);
    encrypted.writeUInt16LE(0x801, encrypted.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 8);
    expect(refusal(() => read(encrypted)).message).toMatch(/encrypted/);
    expect(refusal(() => read(Buffer.from("not a zip at all"))).message).toMatch(/not a zip file/);
  });

  it("refuses names that differ only in case (one would overwrite the other on a case-insensitive volume)", () => {
    const zip = buildZip([
      { name: "SKILL.md", data: skillMarkdown("Checked") },
      { name: "skill.md", data: "---\nbroken" },
    ]);
    const r = refusal(() => read(zip));
    expect(r.status).toBe(400);
    expect(r.message).toMatch(/appears twice .*differ only in case/);
  });

  it("refuses an entry whose bytes do not match its checksum", () => {
    const zip = buildZip([{ name: "SKILL.md", data: skillMarkdown("S"), method: 0 }]);
    const at = zip.indexOf(Buffer.from("# S"));
    zip[at + 2] = "T".charCodeAt(0);
    expect(refusal(() => read(zip)).message).toMatch(/checksum mismatch/);
  });
});

describe("skillZip (export)", () => {
  it("round-trips: the exported zip re-imports as the same skill with the same files", () => {
    const files = new Map<string, Uint8Array>([
      ["SKILL.md", Buffer.from(skillMarkdown("Round Trip", "Exports and imports."))],
      ["templates/report.md", Buffer.from("# Report\n")],
      ["assets/logo.bin", new Uint8Array([0, 1, 2, 255])],
    ]);
    const back = read(skillZip("round-trip", files));
    expect(back.folderName).toBe("round-trip");
    expect(validateSkillPackage(back.files, { folderName: back.folderName }).slug).toBe("round-trip");
    expect(new Map([...back.files].map(([k, v]) => [k, Buffer.from(v).toString("hex")]))).toEqual(
      new Map([...files].map(([k, v]) => [k, Buffer.from(v).toString("hex")])),
    );
  });
});
