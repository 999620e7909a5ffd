import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PathRefused } from "../virtual-path";
import { StoreConflict, StoreNotFound, type WorkspaceStore } from "./types";

export type StoreUnderTest = { store: WorkspaceStore; cleanup(): Promise<void> };

/**
 * The behaviour every WorkspaceStore must share, run against each implementation. `make` returns
 * a fresh, empty store for a new user each call (two calls = two users of the same backend).
 */
export function describeStoreContract(name: string, make: () => Promise<StoreUnderTest>) {
  describe(`WorkspaceStore contract: ${name}`, () => {
    let made: StoreUnderTest[] = [];
    let store: WorkspaceStore;
    const fresh = async () => {
      const m = await make();
      made.push(m);
      return m.store;
    };
    const text = async (rel: string) => (await store.read(rel)).toString("utf8");
    const names = async (rel: string) => (await store.list(rel)).map((e) => e.name);

    beforeEach(async () => {
      store = await fresh();
    });
    afterEach(async () => {
      await Promise.all(made.map((m) => m.cleanup()));
      made = [];
    });

    it("reads back text and binary bytes exactly as written", async () => {
      await store.write("notes/hello.txt", "héllo wörld\n");
      expect(await text("notes/hello.txt")).toBe("héllo wörld\n");
      const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
      await store.write("bin/all-bytes.bin", bytes);
      expect(Buffer.compare(await store.read("bin/all-bytes.bin"), Buffer.from(bytes))).toBe(0);
      await store.write("empty.txt", "");
      expect((await store.read("empty.txt")).length).toBe(0);
    });

    it("creates missing parent directories on write", async () => {
      await store.write("a/b/c/d.txt", "deep");
      expect(await store.stat("a")).toMatchObject({ rel: "a", name: "a", kind: "dir", size: 0 });
      expect(await store.stat("a/b/c")).toMatchObject({ kind: "dir" });
      expect(await store.list("a/b")).toMatchObject([{ rel: "a/b/c", name: "c", kind: "dir" }]);
    });

    it("overwrites a file and reports its new size", async () => {
      await store.write("f.txt", "a longer first version");
      await store.write("f.txt", "short");
      expect(await text("f.txt")).toBe("short");
      expect((await store.stat("f.txt"))?.size).toBe(5);
    });

    it("stats files, directories, the root, and missing paths", async () => {
      await store.write("docs/readme.md", "12345");
      const file = await store.stat("docs/readme.md");
      expect(file).toMatchObject({ rel: "docs/readme.md", name: "readme.md", kind: "file", size: 5 });
      expect(Number.isNaN(Date.parse(file!.modifiedAt))).toBe(false);
      expect(await store.stat("docs")).toMatchObject({ rel: "docs", kind: "dir", size: 0 });
      expect(await store.stat("")).toMatchObject({ rel: "", kind: "dir" });
      expect(await store.stat("nope")).toBeNull();
      expect(await store.stat("docs/readme.md/inside")).toBeNull();
      expect(await (await fresh()).stat("")).toMatchObject({ rel: "", kind: "dir" });
    });

    it("lists direct children sorted by name with kinds and sizes", async () => {
      await store.write("b.txt", "bbb");
      await store.write("a.txt", "a");
      await store.write("B.md", "BB");
      await store.write("c/x.txt", "x");
      await store.write("c/deeper/y.txt", "y");
      expect(await store.list("")).toMatchObject([
        { name: "B.md", kind: "file", size: 2, rel: "B.md" },
        { name: "a.txt", kind: "file", size: 1 },
        { name: "b.txt", kind: "file", size: 3 },
        { name: "c", kind: "dir", size: 0, rel: "c" },
      ]);
      expect(await store.list("c")).toMatchObject([
        { rel: "c/deeper", kind: "dir" },
        { rel: "c/x.txt", kind: "file", size: 1 },
      ]);
      expect(await (await fresh()).list("")).toEqual([]);
    });

    it("refuses to list a missing directory or a file", async () => {
      await store.write("f.txt", "f");
      await expect(store.list("missing")).rejects.toBeInstanceOf(StoreNotFound);
      await expect(store.list("f.txt")).rejects.toBeInstanceOf(StoreConflict);
    });

    it("walks every file below a directory, sorted, up to a limit", async () => {
      for (const rel of ["z.txt", "a/1.txt", "a/b/2.txt", "a/b/c/3.txt", "a-sibling.txt"]) await store.write(rel, rel);
      expect((await store.walk("")).map((e) => e.rel)).toEqual(["a-sibling.txt", "a/1.txt", "a/b/2.txt", "a/b/c/3.txt", "z.txt"]);
      const underA = await store.walk("a");
      expect(underA.map((e) => e.rel)).toEqual(["a/1.txt", "a/b/2.txt", "a/b/c/3.txt"]);
      expect(underA.every((e) => e.kind === "file" && e.size === e.rel.length)).toBe(true);
      expect(await store.walk("a/1.txt")).toMatchObject([{ rel: "a/1.txt", kind: "file" }]);
      const limited = await store.walk("", 2);
      expect(limited).toHaveLength(2);
      expect([...limited].map((e) => e.rel).sort()).toEqual(limited.map((e) => e.rel));
      await expect(store.walk("missing")).rejects.toBeInstanceOf(StoreNotFound);
    });

    it("refuses to read a directory and reports a missing file", async () => {
      await store.write("dir/f.txt", "f");
      await expect(store.read("dir")).rejects.toBeInstanceOf(StoreConflict);
      await expect(store.read("")).rejects.toBeInstanceOf(StoreConflict);
      await expect(store.read("dir/missing.txt")).rejects.toBeInstanceOf(StoreNotFound);
      await expect(store.read("dir/f.txt/below")).rejects.toBeInstanceOf(StoreNotFound);
    });

    it("refuses to write over a directory or the root", async () => {
      await store.write("dir/f.txt", "keep");
      await expect(store.write("dir", "clobber")).rejects.toBeInstanceOf(StoreConflict);
      await expect(store.write("", "clobber")).rejects.toBeInstanceOf(StoreConflict);
      expect(await text("dir/f.txt")).toBe("keep");
      expect(await store.stat("dir")).toMatchObject({ kind: "dir" });
    });

    it("refuses to write below a file", async () => {
      await store.write("f.txt", "keep");
      await expect(store.write("f.txt/child.txt", "x")).rejects.toBeInstanceOf(StoreConflict);
      await expect(store.write("f.txt/deeper/child.txt", "x")).rejects.toBeInstanceOf(StoreConflict);
      expect(await store.stat("f.txt")).toMatchObject({ kind: "file", size: 4 });
      expect(await store.walk("")).toHaveLength(1);
    });

    it("removes a file and leaves its siblings", async () => {
      await store.write("dir/gone.txt", "x");
      await store.write("dir/stays.txt", "y");
      await store.remove("dir/gone.txt");
      expect(await store.stat("dir/gone.txt")).toBeNull();
      expect(await names("dir")).toEqual(["stays.txt"]);
    });

    it("removes a directory recursively without touching names that share its prefix", async () => {
      for (const rel of ["d/x.txt", "d/e/y.txt", "d/e/f/z.txt", "d2/keep.txt", "d.txt", "d-x/keep.txt"]) await store.write(rel, "k");
      await store.remove("d");
      expect(await store.stat("d")).toBeNull();
      await expect(store.read("d/e/f/z.txt")).rejects.toBeInstanceOf(StoreNotFound);
      expect((await store.walk("")).map((e) => e.rel)).toEqual(["d-x/keep.txt", "d.txt", "d2/keep.txt"]);
    });

    it("refuses to remove what is missing, and the root", async () => {
      await store.write("f.txt", "f");
      await expect(store.remove("missing.txt")).rejects.toBeInstanceOf(StoreNotFound);
      await expect(store.remove("missing/dir")).rejects.toBeInstanceOf(StoreNotFound);
      await expect(store.remove("")).rejects.toBeInstanceOf(StoreConflict);
      expect(await names("")).toEqual(["f.txt"]);
    });

    it("keeps unicode, spaces and URL-like characters in names", async () => {
      const rels = ["文档/报告 2024.md", "emoji 🎉.txt", "naïve café/a+b=c&d.txt", "100% done?.txt"];
      for (const rel of rels) await store.write(rel, `content of ${rel}`);
      for (const rel of rels) expect(await text(rel)).toBe(`content of ${rel}`);
      expect((await store.walk("")).map((e) => e.rel).sort()).toEqual([...rels].sort());
      expect(await store.list("文档")).toMatchObject([{ name: "报告 2024.md", rel: "文档/报告 2024.md", kind: "file" }]);
      expect(await names("naïve café")).toEqual(["a+b=c&d.txt"]);
      await store.remove("文档");
      expect(await store.stat("文档/报告 2024.md")).toBeNull();
    });

    it("never lets one user's store see or change another user's files", async () => {
      const other = await fresh();
      await store.write("secret.txt", "mine");
      await store.write("shared/plan.md", "mine");
      expect(await other.stat("secret.txt")).toBeNull();
      expect(await other.list("")).toEqual([]);
      expect(await other.walk("")).toEqual([]);
      await expect(other.read("secret.txt")).rejects.toBeInstanceOf(StoreNotFound);
      await expect(other.list("shared")).rejects.toBeInstanceOf(StoreNotFound);
      await expect(other.remove("shared")).rejects.toBeInstanceOf(StoreNotFound);
      await other.write("secret.txt", "theirs");
      expect(await text("secret.txt")).toBe("mine");
      expect((await store.walk("")).map((e) => e.rel)).toEqual(["secret.txt", "shared/plan.md"]);
    });

    it("refuses relative paths that climb out of the store", async () => {
      await store.write("inside/f.txt", "f");
      for (const rel of ["../escape.txt", "inside/../../escape.txt", "/etc/passwd"]) {
        await expect(store.write(rel, "x"), rel).rejects.toBeInstanceOf(PathRefused);
        await expect(store.read(rel), rel).rejects.toBeInstanceOf(PathRefused);
      }
      await expect(store.remove("../")).rejects.toBeInstanceOf(PathRefused);
      expect((await store.walk("")).map((e) => e.rel)).toEqual(["inside/f.txt"]);
    });
  });
}
