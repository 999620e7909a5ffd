import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "./client";
import { PreparedNames, withStatementName } from "./prepared-names";

describe("withStatementName", () => {
  it("names a parametrised statement, the same text always by the same name", () => {
    const names = new PreparedNames();
    const cb = () => {};
    const [a] = withStatementName(names, [{ text: "select $1", values: [1] }]) as { name: string }[];
    const [b, callback] = withStatementName(names, ["select $1", [2], cb]) as [
      { name: string; values: unknown[] },
      unknown,
    ];
    const [c] = withStatementName(names, [{ text: "select $1 + 1", values: [1] }]) as { name: string }[];
    expect(a.name).toMatch(/^meridian_\d+$/);
    expect(b).toEqual({ text: "select $1", values: [2], name: a.name });
    expect(callback).toBe(cb);
    expect(c.name).not.toBe(a.name);
  });

  it("leaves unparametrised statements, named ones and submittables as they were", () => {
    const names = new PreparedNames();
    const plain = ["select 1"];
    const noValues = [{ text: "select 1", values: [] }];
    const named = [{ text: "select $1", values: [1], name: "mine" }];
    const submittable = [{ text: "select $1", values: [1], submit: () => {} }];
    for (const args of [plain, noValues, named, submittable]) expect(withStatementName(names, args)).toBe(args);
  });

  it("runs texts beyond the limit unnamed, so the session's statements stay bounded", () => {
    const names = new PreparedNames(2);
    expect(names.nameFor("a")).toBeDefined();
    expect(names.nameFor("b")).toBeDefined();
    expect(names.nameFor("c")).toBeUndefined();
    expect(names.nameFor("a")).toBe(names.nameFor("a"));
    const args = ["c", [1]];
    expect(withStatementName(names, args)).toBe(args);
  });
});

describe("named statements on the PGlite bridge", () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openDatabase({ pglite: await PGlite.create() });
  });
  afterAll(async () => {
    await h.close();
  });
  const prepared = async () =>
    (await h.pool.query("select statement from pg_prepared_statements")).rows.map((r) => r.statement as string);

  it("prepares a parametrised statement once and reuses it", async () => {
    const text = "select $1::int * 2 as doubled";
    for (const n of [1, 2, 3]) expect((await h.pool.query(text, [n])).rows).toEqual([{ doubled: n * 2 }]);
    expect((await prepared()).filter((s) => s === text)).toHaveLength(1);
  });

  it("keeps working after the pool replaces its connection (the session still holds the statements)", async () => {
    const text = "select $1::text || '!' as shout";
    expect((await h.pool.query(text, ["a"])).rows).toEqual([{ shout: "a!" }]);
    const client = await h.pool.connect();
    client.release(true); // discarded: the next query opens a new bridge connection
    expect((await h.pool.query(text, ["b"])).rows).toEqual([{ shout: "b!" }]);
  });

  it("reports a failing statement's own error every time, and the session keeps answering", async () => {
    await h.pool.query("create table if not exists uniq (id int primary key)");
    const insert = "insert into uniq (id) values ($1)";
    await h.pool.query(insert, [1]);
    await expect(h.pool.query(insert, [1])).rejects.toThrow(/duplicate key/);
    await h.pool.query(insert, [2]);
    const broken = "select $1::int from no_such_table";
    await expect(h.pool.query(broken, [1])).rejects.toThrow(/no_such_table/);
    await expect(h.pool.query(broken, [1])).rejects.toThrow(/no_such_table/);
    expect((await h.pool.query("select count(*)::int as n from uniq where id = any($1)", [[1, 2]])).rows).toEqual([
      { n: 2 },
    ]);
  });

  it("a rolled-back transaction keeps the statements it prepared usable", async () => {
    const text = "select $1::int + 40 as answer";
    const client = await h.pool.connect();
    try {
      await client.query("begin");
      await client.query(text, [1]);
      await client.query("rollback");
    } finally {
      client.release();
    }
    expect((await h.pool.query(text, [2])).rows).toEqual([{ answer: 42 }]);
  });
});
