import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "./server-flags.mjs";

describe("serverNodeFlags", () => {
  it("gives the server a 64 MB young-generation semi-space", () => {
    expect(serverNodeFlags({})).toEqual(["--max-semi-space-size=64"]);
    expect(serverNodeFlags({ NODE_OPTIONS: "--enable-source-maps" })).toEqual(["--max-semi-space-size=64"]);
  });

  it("leaves the flag out when NODE_OPTIONS sets the size", () => {
    expect(serverNodeFlags({ NODE_OPTIONS: "--max-semi-space-size=16" })).toEqual([]);
    expect(serverNodeFlags({ NODE_OPTIONS: "--enable-source-maps --max-semi-space-size=128" })).toEqual([]);
  });

  it("are flags this Node accepts on its command line", () => {
    const run = spawnSync(process.execPath, [...serverNodeFlags({}), "-e", "process.exit(0)"], { encoding: "utf8" });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
  });
});
