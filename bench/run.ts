import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { benchStepOverhead } from "./p1-step-overhead";
import { benchFirstByte } from "./p2-first-byte";
import { benchLongConversation } from "./p4-long-conversation";
import { benchSummary } from "./p4-summary";
import { benchDelegation } from "./p5-delegation";
import { ms } from "./stats";

// `npm run bench`: prints P1 and P2 and appends them to bench/RESULTS.md.
// The benches chat as one user far faster than a person would: per-user limits are not measured here.
process.env.USER_CHAT_STARTS_PER_MINUTE ??= "100000";
process.env.USER_MAX_CONCURRENT_RUNS ??= "100000";
const db = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const p1 = await benchStepOverhead();
const p2 = await benchFirstByte();
const p4 = await benchLongConversation();
const sum = await benchSummary();
const l1 = await sum.l1;
const p5 = await benchDelegation();
const when = new Date().toISOString();
const machine = `${os.cpus().length} cores, Node ${process.version}, ${db}`;
const lines = [
  `## ${when} — ${machine}`,
  "",
  "| figure | value |",
  "|---|---|",
  `| P1 full chain per step (p50 / p95 / mean, n=${p1.full.n}) | ${ms(p1.full.p50)} / ${ms(p1.full.p95)} / ${ms(p1.full.mean)} |`,
  `| P1 bare createAgent per step (p50 / p95 / mean) | ${ms(p1.bare.p50)} / ${ms(p1.bare.p95)} / ${ms(p1.bare.mean)} |`,
  `| P1 server overhead per step (p50 / mean) | ${ms(p1.overheadP50)} / ${ms(p1.overheadMean)} |`,
  `| P2 model's own first token (p50 / p95, n=${p2.model.n}) | ${ms(p2.model.p50)} / ${ms(p2.model.p95)} |`,
  `| P2 first streamed text byte of a run (p50 / p95) | ${ms(p2.server.p50)} / ${ms(p2.server.p95)} |`,
  `| P2 added by the server (p50 / mean) | ${ms(p2.addedP50)} / ${ms(p2.addedMean)} |`,
  `| P4 server time of a turn (model time excluded) at turns 1 / 50 / ${p4.turns} of one thread (p50 of 5) | ${ms(p4.turn1)} / ${ms(p4.turn50)} / ${ms(p4.turn100)} |`,
  `| P4 summary, ${sum.turns} turns with large tool results: largest request / threshold | ${(sum.maxShare * 100).toFixed(1)} % (${sum.requests} requests) |`,
  `| P4 summary: L1-only / L2 passes | ${sum.l1Only} / ${sum.l2} |`,
  `| P4 summary: server time of a turn at turns 10 / 100 / ${sum.turns} (p50 of the 10 turns up to each) | ${ms(sum.turn10)} / ${ms(sum.turn100)} / ${ms(sum.turn300)} |`,
  `| P4 summary: the ${sum.turns}-turn thread's checkpoints in the database | ${(sum.checkpointBytes / 1024 / 1024).toFixed(1)} MB |`,
  `| P4 summary: one L1 pass over 500 messages, rebuilt / same objects / first in a process | ${ms(l1.rebuilt)} / ${ms(l1.same)} / ${ms(l1.coldMs)} |`,
  `| P5 a \`task\` call / the same child graph run directly (p50, n=${p5.task.n}); added by \`task\` | ${ms(p5.task.p50)} / ${ms(p5.bare.p50)}; ${ms(p5.overheadP50)} |`,
  `| P5 coordinator: 20 tasks, semaphore 4, 1 s model: most running at once / total / 5 waves of the median task | ${p5.coordinator.mostAtOnce} / ${(p5.coordinator.totalMs / 1000).toFixed(2)} s / ${(p5.coordinator.idealMs / 1000).toFixed(2)} s (${((p5.coordinator.ratio - 1) * 100).toFixed(1)} % over) |`,
  "",
];
console.log(lines.join("\n"));
const file = path.join(import.meta.dirname, "RESULTS.md");
if (!fs.existsSync(file)) {
  fs.writeFileSync(
    file,
    "# Benchmark results\n\nAppended by `npm run bench`. P1: server overhead per agent step (full middleware chain + checkpointer vs bare `createAgent`, same zero-latency scripted model). P2: time to first streamed text byte of a chat run vs the model's own time to first token.\n\n",
  );
}
fs.appendFileSync(file, lines.join("\n") + "\n");
console.log(
  "Load bench (N chats at once against one production server): `npm run bench:load`; " +
    "choose N with LOAD_N=1,50,200 (the default), PostgreSQL with DATABASE_URL=postgres://…, PGlite without.",
);
process.exit(0);
