import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PathRefused } from "@/lib/workspace/virtual-path";
import { QuotaExceeded, withQuota } from "@/lib/workspace/store/quota";
import { StoreConflict, StoreNotFound, type WorkspaceStore } from "@/lib/workspace/store/types";

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
      expect((await store.walk("")).map((e) => e.rel)).toEqual([
        "a-sibling.txt",
        "a/1.txt",
        "a/b/2.txt",
        "a/b/c/3.txt",
        "z.txt",
      ]);
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
      for (const rel of ["d/x.txt", "d/e/y.txt", "d/e/f/z.txt", "d2/keep.txt", "d.txt", "d-x/keep.txt"])
        await store.write(rel, "k");
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
      expect(await store.list("文档")).toMatchObject([
        { name: "报告 2024.md", rel: "文档/报告 2024.md", kind: "file" },
      ]);
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

    describe("with a quota (withQuota, as getUserStore opens every user's store)", () => {
      const limited = (inner: WorkspaceStore, quotaBytes = 100) =>
        withQuota(inner, { key: `contract:${randomUUID()}`, quotaBytes });

      it("refuses a write past the quota with a readable QuotaExceeded, writing nothing", async () => {
        const q = limited(store);
        await q.write("a.txt", "x".repeat(60));
        const err = await q.write("b.txt", "y".repeat(41)).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(QuotaExceeded);
        expect((err as Error).message).toBe(
          "Workspace quota exceeded: 60 bytes used of 100 bytes, 40 bytes free; this write needs 41 bytes. Delete files that are no longer needed from the workspace, then try again.",
        );
        expect(await store.stat("b.txt")).toBeNull();
        await q.write("b.txt", "y".repeat(40)); // exactly full is allowed
        await expect(q.write("c.txt", "z")).rejects.toBeInstanceOf(QuotaExceeded);
        expect((await store.walk("")).map((e) => e.rel)).toEqual(["a.txt", "b.txt"]);
      });

      it("counts what is already stored on the first write, in bytes not characters", async () => {
        await store.write("old/notes.md", "x".repeat(90));
        const q = limited(store);
        await expect(q.write("new.txt", "é".repeat(6))).rejects.toBeInstanceOf(QuotaExceeded); // 12 bytes
        await q.write("new.txt", "é".repeat(5));
      });

      it("charges an overwrite only its difference, and always lets a file shrink", async () => {
        const q = limited(store);
        await q.write("f.txt", "x".repeat(80));
        await q.write("f.txt", "x".repeat(100));
        await expect(q.write("f.txt", "x".repeat(101))).rejects.toBeInstanceOf(QuotaExceeded);
        await q.write("f.txt", "x".repeat(10));
        await q.write("g.txt", "x".repeat(90));
        await expect(q.write("h.txt", "x")).rejects.toBeInstanceOf(QuotaExceeded);
      });

      it("gives back what a deleted file or folder held", async () => {
        const q = limited(store);
        await q.write("dir/a.txt", "x".repeat(30));
        await q.write("dir/sub/b.txt", "x".repeat(30));
        await q.write("c.txt", "x".repeat(40));
        await expect(q.write("d.txt", "x")).rejects.toBeInstanceOf(QuotaExceeded);
        await q.remove("c.txt");
        await q.write("d.txt", "x".repeat(40));
        await q.remove("dir");
        await q.write("e.txt", "x".repeat(60));
        await expect(q.write("f.txt", "x")).rejects.toBeInstanceOf(QuotaExceeded);
      });

      it("reserves nothing for a write the store refuses", async () => {
        const q = limited(store);
        await q.write("dir/f.txt", "x".repeat(10));
        for (let i = 0; i < 5; i++) await expect(q.write("dir", "x".repeat(50))).rejects.toBeInstanceOf(StoreConflict);
        await q.write("g.txt", "x".repeat(90));
      });

      it("lets parallel writes fill the quota but never pass it", async () => {
        const q = limited(store);
        const results = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) => q.write(`p${i}.txt`, "x".repeat(30))),
        );
        expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
        expect(
          results
            .filter((r) => r.status === "rejected")
            .every((r) => (r as PromiseRejectedResult).reason instanceof QuotaExceeded),
        ).toBe(true);
        const stored = await store.walk("");
        expect(stored.reduce((sum, f) => sum + f.size, 0)).toBe(90);
      });

      it("keeps one figure per user", async () => {
        const mine = limited(store);
        const theirs = limited(await fresh());
        await mine.write("a.txt", "x".repeat(100));
        await theirs.write("a.txt", "x".repeat(100));
        await expect(mine.write("b.txt", "x")).rejects.toBeInstanceOf(QuotaExceeded);
      });
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
