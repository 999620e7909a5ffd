import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "./server-flags.mjs";

describe("serverNodeFlags", () => {
  const flags = ["--max-semi-space-size=64", "--min-semi-space-size=32"];

  it("gives the server a young generation of 64 MB semi-spaces that stays at 32 MB or more when idle", () => {
    expect(serverNodeFlags({})).toEqual(flags);
    expect(serverNodeFlags({ NODE_OPTIONS: "--enable-source-maps" })).toEqual(flags);
  });

  it("leaves both flags out when NODE_OPTIONS sets the size", () => {
    expect(serverNodeFlags({ NODE_OPTIONS: "--max-semi-space-size=16" })).toEqual([]);
    expect(serverNodeFlags({ NODE_OPTIONS: "--enable-source-maps --max-semi-space-size=128" })).toEqual([]);
  });

  it("are flags this Node accepts on its command line", () => {
    const run = spawnSync(process.execPath, [...serverNodeFlags({}), "-e", "process.exit(0)"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
