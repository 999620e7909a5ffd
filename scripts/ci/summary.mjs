#!/usr/bin/env node
// CI's closing table (.ci/run): each phase's wall time, the tests it executed, how many needed a
// retry, and the slowest tests of the run. Reads CI_REPORT_DIR: phases.tsv (name, start, end,
// exit status, one line a phase, written by .ci/run) and <phase>.tests.json (the Vitest and
// Playwright reporters in this folder).
import fs from "node:fs";
import path from "node:path";

const dir = process.argv[2] || process.env.CI_REPORT_DIR;
if (!dir) throw new Error("usage: summary.mjs <report dir>");

const phases = fs
  .readFileSync(path.join(dir, "phases.tsv"), "utf8")
  .trim()
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [name, start, end, status] = line.split("\t");
    return {
      name,
      start: Number(start),
      end: Number(end),
      seconds: Number(end) - Number(start),
      status: Number(status),
    };
  });

/** @type {Map<string, {title: string, file: string, status: string, durationMs: number, retries: number}[]>} */
const testsByPhase = new Map();
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".tests.json"))) {
  const { phase, tests } = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  testsByPhase.set(phase, tests);
}

const rows = [["phase", "time", "tests", "failed", "retried", ""]];
for (const phase of phases) {
  const tests = testsByPhase.get(phase.name);
  const executed = tests?.filter((t) => t.status !== "skipped");
  rows.push([
    phase.name,
    `${phase.seconds} s`,
    executed ? String(executed.length) : "",
    executed ? String(executed.filter((t) => t.status === "failed").length) : "",
    executed ? String(executed.filter((t) => t.retries > 0).length) : "",
    phase.status === 0 ? "" : `exit ${phase.status}`,
  ]);
}
// Phases that ran side by side overlap: the wall time is first start to last end.
const wall = Math.max(...phases.map((p) => p.end)) - Math.min(...phases.map((p) => p.start));
rows.push(["all phases (wall)", `${wall} s`, "", "", "", ""]);

const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
const line = (r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
console.log(line(rows[0]));
for (const r of rows.slice(1)) console.log(line(r));

const all = [...testsByPhase].flatMap(([phase, tests]) => tests.map((t) => ({ ...t, phase })));
const retried = all.filter((t) => t.retries > 0);
if (retried.length) {
  console.log("\nTests that needed a retry:");
  for (const t of retried) console.log(`  ${t.phase}  ${t.file} › ${t.title} (${t.retries})`);
}
console.log("\nThe 15 slowest tests:");
for (const t of all.sort((a, b) => b.durationMs - a.durationMs).slice(0, 15)) {
  console.log(`  ${(t.durationMs / 1000).toFixed(1).padStart(6)} s  ${t.phase}  ${t.file} › ${t.title}`);
}
