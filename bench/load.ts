import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchTokens, signIn, timedChat, type ChatTiming } from "./load-client";
import { ANSWER, benchModel, chatText, MODEL_FIRST_TOKEN_MS, modelAloneFirstToken } from "./load-model";
import { BENCH_ADMIN, startBenchServers } from "./load-servers";
import { bareAgentFirstToken } from "./load-floor";
import { ms, summarize } from "./stats";
import { takeoverTimes } from "./load-takeover";
import { startLocalRedis, type LocalRedis } from "../lib/testing/redis-server";

/**
 * `npm run bench:load`: N chats started at the same instant against ONE production app process,
 * for each N of LOAD_N (default 1,50,200), on PGlite or, when DATABASE_URL is set, a fresh
 * database on that PostgreSQL server. Prints and appends to bench/RESULTS.md the time to first
 * text byte over the model's own (p50/p95/p99), total time and errors per N.
 * LOAD_INSTANCES=2 (with DATABASE_URL): two app processes on one PostgreSQL and a Redis started
 * here, the chats split between them; adds each instance's figures and the time another instance
 * takes to serve a reload of a running chat.
 */
const { values } = parseArgs({ options: { n: { type: "string" }, users: { type: "string" } } });
const counts = (values.n ?? process.env.LOAD_N ?? "1,50,200").split(",").map((n) => positive(n.trim(), "LOAD_N"));
const userCount = positive(values.users ?? process.env.LOAD_USERS ?? "10", "LOAD_USERS");
const ports = {
  app: positive(process.env.LOAD_APP_PORT ?? "3300", "LOAD_APP_PORT"),
  mock: positive(process.env.LOAD_MOCK_PORT ?? "4300", "LOAD_MOCK_PORT"),
};
const instances = positive(process.env.LOAD_INSTANCES ?? "1", "LOAD_INSTANCES");
const MIN_SAMPLES = 20;
/** Chats started together once before measuring, results discarded. */
const WARM_BURST = 50;

function positive(value: string, name: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name}: expected positive integers, got "${value}"`);
  return parsed;
}

type Timed = ChatTiming & { instance: number };

/** N chats from the users in turn, each its own new thread, all sent in the same tick, split over the instances. */
function burst(appUrls: string[], tokens: string[], n: number, label: string): Promise<Timed[]> {
  const ids = Array.from({ length: n }, (_, i) => `${label}-${i}-${crypto.randomUUID().slice(0, 8)}`);
  return Promise.all(
    ids.map(async (id, i) => {
      const instance = i % appUrls.length;
      return { instance, ...(await timedChat(appUrls[instance], tokens[i % tokens.length], id, chatText(id))) };
    }),
  );
}

const trio = (s: ReturnType<typeof summarize>) => `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)}`;
const orNa = (samples: number[], show: (s: ReturnType<typeof summarize>) => string) =>
  samples.length ? show(summarize(samples)) : "n/a";

let redis: LocalRedis | null = null;
if (instances > 1) redis = await startLocalRedis();
const servers = await startBenchServers(ports, {
  instances,
  env: redis ? { REDIS_URL: redis.url } : {},
});
const stopOnSignal = () => void servers.stop().finally(() => process.exit(130));
process.once("SIGINT", stopOnSignal);
process.once("SIGTERM", stopOnSignal);
const model = benchModel(servers.mockUrl);
const rows: string[] = [];
let takeover = "";
let failed = false;
try {
  await model.reset();
  const admin = await signIn(servers.appUrl, BENCH_ADMIN.username, BENCH_ADMIN.password);
  const tokens = await benchTokens(servers.appUrl, admin, userCount);
  // Route compilation, module loading and the JIT's first passes happen on the first requests: a
  // server that has been up for a while has them behind it. Keep them out of every measured N.
  for (let i = 0; i < 3 * instances; i += 1) await burst(servers.appUrls, tokens, instances, `warm${i}`);
  await burst(servers.appUrls, tokens, 5, "warm");
  await burst(servers.appUrls, tokens, WARM_BURST, "warm-burst");
  const appPrompt = await model.sampleBody();

  for (const n of counts) {
    const loadBefore = os.loadavg()[0].toFixed(2);
    const alone = await modelAloneFirstToken(servers.mockUrl, appPrompt, n);
    const bare = await bareAgentFirstToken(servers.mockUrl, appPrompt, n);
    await model.reset();
    // Small N is repeated (one burst after another) so its percentiles rest on at least 20 chats.
    const timings: Timed[] = [];
    for (let round = 0; round * n < MIN_SAMPLES; round += 1) {
      timings.push(...(await burst(servers.appUrls, tokens, n, `n${n}r${round}`)));
    }
    const { reached, overOwn } = await model.atModel(timings);
    const overModel = (ts: Timed[]) =>
      ts.flatMap((t) => (t.firstTextMs === null ? [] : [t.firstTextMs - MODEL_FIRST_TOKEN_MS]));
    const firsts = overModel(timings);
    const perInstance = servers.appUrls
      .map(
        (_, i) => `${String.fromCharCode(65 + i)}: ${orNa(overModel(timings.filter((t) => t.instance === i)), trio)}`,
      )
      .join("; ");
    const total = summarize(timings.map((t) => t.totalMs));
    const errors = timings.filter((t) => t.error);
    failed ||= errors.length > 0;
    const kinds = [...new Set(errors.map((t) => t.error?.slice(0, 120)))].join("; ").replaceAll("|", "/");
    const cells = [
      `${n} (${timings.length} chats)`,
      orNa(firsts, trio),
      orNa(overOwn, trio),
      orNa(reached, (s) => `${ms(s.p50)} / ${ms(s.p99)}`),
      orNa(alone, (s) => `${ms(s.p50)} / ${ms(s.p99)}`),
      orNa(bare, (s) => `${ms(s.p50)} / ${ms(s.p99)}`),
      ms(total.p50),
      `${errors.length}${kinds ? ` (${kinds.slice(0, 400)})` : ""}`,
      loadBefore,
      ...(instances > 1 ? [perInstance] : []),
    ];
    rows.push(`| ${cells.join(" | ")} |`);
    console.log(`N=${n}: ${cells.join(" · ")}`);
    await new Promise((resolve) => setTimeout(resolve, 2000)); // let the runs' last writes settle
  }
  if (instances > 1) {
    const takeovers = await takeoverTimes(servers.appUrls[0], servers.appUrls[1], tokens[0], 20);
    const s = summarize(takeovers.map((t) => t.firstByteMs));
    const incomplete = takeovers.filter((t) => !t.complete).length;
    takeover = `Reload served by B of a chat running on A (${takeovers.length} chats, one at a time): first byte ${ms(s.p50)} p50, ${ms(s.p99)} p99 (goal < 500 ms); ${incomplete} without the whole answer.`;
    console.log(takeover);
  }
} catch (error) {
  failed = true;
  throw error;
} finally {
  await servers.stop(failed);
  await redis?.stop();
  if (failed) console.log(`Server output kept for the errors: ${servers.logFile}`);
}

const machine = `${os.cpus().length} cores, Node ${process.version}, ${servers.db}${instances > 1 ? `, ${instances} instances and Redis` : ""}`;
const lines = [
  `## ${new Date().toISOString()} — load bench, ${machine}`,
  "",
  `${instances > 1 ? `${instances} app processes on one database and one Redis, chats split between them in turn (A, B, ...)` : "One app process"}; model ${MODEL_FIRST_TOKEN_MS} ms to first token, then 8-character chunks every 20 ms ` +
    `(${ANSWER.length}-character answer); N chats started together, each a new thread, from ${userCount} users; ` +
    `N under ${MIN_SAMPLES} is repeated until ${MIN_SAMPLES} chats; 3 single chats, a burst of 5 and one of ${WARM_BURST} ` +
    `warm the server first, unmeasured. "Over the model's own": the first text byte over the model's own ` +
    "time to first token for that chat's request (from the model's log: received to first token out), so " +
    "the model's lateness on a busy machine is not counted as the app's. " +
    `"Model reached": from the chat's request ` +
    `to the model receiving the app's request. "Model alone": the app's prompt sent N times at once straight ` +
    `to the model, first token over ${MODEL_FIRST_TOKEN_MS} ms (the model's own queueing on this machine). ` +
    `"Bare LangGraph": N createAgent runs at once in the bench's own process (ChatOpenAI, the app's system ` +
    "prompt, one tool, in-memory checkpointer; no server, no database), first text token over the model's: " +
    "the floor under the app's figure on this machine. " +
    "The 1-minute load average before each N (earlier rounds included) shows whether other work shared the machine.",
  "",
  `| N | first text byte over the model's ${MODEL_FIRST_TOKEN_MS} ms (p50 / p95 / p99) | over the model's own (p50 / p95 / p99) ` +
    `| model reached (p50 / p99) | model alone (p50 / p99) | bare LangGraph (p50 / p99) | total p50 | errors | load avg before |${instances > 1 ? " per instance (first byte p50 / p95 / p99) |" : ""}`,
  `|---|---|---|---|---|---|---|---|---|${instances > 1 ? "---|" : ""}`,
  ...rows,
  "",
  ...(takeover ? [takeover, ""] : []),
];
console.log(lines.join("\n"));
fs.appendFileSync(path.join(import.meta.dirname, "RESULTS.md"), lines.join("\n") + "\n");
process.exit(0);
