import os from "node:os";
import { afterAll, expect, it, vi } from "vitest";
import { countLoad } from "./probe-module";

// Two files alike, run in one worker (vitest.config.ts here): whichever runs second finds what
// the other left behind, unless file-isolation.ts cleared it.
const probe = Symbol.for("meridian.isolationProbe");
type Probe = typeof globalThis & { [probe]?: NodeJS.Timeout; isolationProbeTimer?: NodeJS.Timeout };
const g = globalThis as Probe;

it("imports our modules afresh", () => expect(countLoad()).toBe(1));
it("has the environment the file started with", () => expect(process.env.MERIDIAN_ISOLATION_PROBE).toBeUndefined());
it("finds no process-wide value of ours", () => expect(g[probe]).toBeUndefined());
it("finds the other file's timer stopped", () => {
  // Kept under a key the setup leaves alone, to look at after it ran.
  const timer = g.isolationProbeTimer as (NodeJS.Timeout & { _destroyed?: boolean }) | undefined;
  expect(timer === undefined || timer._destroyed === true).toBe(true);
});
it("finds no spy and real timers", () => {
  expect(vi.isMockFunction(os.hostname)).toBe(false);
  expect(new Date().getFullYear()).toBeGreaterThan(2000);
});

afterAll(() => {
  countLoad();
  process.env.MERIDIAN_ISOLATION_PROBE = "left behind";
  g[probe] = g.isolationProbeTimer = setInterval(() => {}, 60_000);
  vi.spyOn(os, "hostname").mockReturnValue("left-behind");
  vi.useFakeTimers({ now: new Date("1990-01-01") });
});
