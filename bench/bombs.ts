import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { mockClient, scriptMarker } from "../lib/testing/scripted-model/client";
import { buildZip } from "../lib/testing/zip-fixtures";
import { BENCH_ADMIN, startBenchServers } from "./load-servers";
import { signIn, type Session } from "./load-client";
import { ms, summarize } from "./stats";

/**
 * `npm run bench:bombs`: how fast the server answers GET /api/health while one user's
 * bombs are processed at once: a .docx whose body inflates to 100 MiB, a zip of 40 entries of
 * 2 MiB whose directory declares a compressed size of 0, and a regular expression that backtracks
 * for hours on a backtracking engine, run by the model through find_kb_document on a document of
 * 2,000-character lines, in 8 rounds. Goal: p99 < 100 ms. The floor is the same server idle, and
 * the reference the same probes while one ordinary chat is answered, in the same run.
 * Production server (scripts/start.mjs) on PGlite, or on the PostgreSQL server DATABASE_URL names.
 */
const ports = { app: Number(process.env.BOMBS_APP_PORT ?? 3350), mock: Number(process.env.BOMBS_MOCK_PORT ?? 4350) };
const PROBES_IDLE = 200;
const PROBE_EVERY_MS = 10;
/** Rounds of the three bombs (and of the ordinary chat they are compared with). */
const ROUNDS = 8;
const MiB = 1024 * 1024;

function docxBomb(mib: number): Buffer {
  const paragraph =
    '<w:p><w:r><w:t xml:space="preserve">All work and no play makes Jack a dull boy. </w:t></w:r></w:p>';
  const body = paragraph.repeat(Math.ceil((mib * MiB) / paragraph.length));
  return buildZip([
    {
      name: "[Content_Types].xml",
      data: '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    },
    {
      name: "word/document.xml",
      data: `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    },
  ]);
}

const zipBomb = () =>
  buildZip(
    Array.from({ length: 40 }, (_, i) => ({
      name: `doc-${i}.txt`,
      data: new Uint8Array(2 * MiB).fill(0x61),
      declaredCompressedSize: 0,
    })),
  );

async function upload(session: Session, kbId: string, name: string, bytes: Uint8Array): Promise<Response> {
  const form = new FormData();
  form.append("file", new Blob([Buffer.from(bytes)]), name);
  return session.call(`/api/kbs/${kbId}/documents`, { form });
}

/** The answer's text, joined from the stream's text deltas. */
function answerText(sse: string): string {
  return sse
    .split("\n")
    .filter((line) => line.startsWith("data: {"))
    .map((line) => JSON.parse(line.slice(6)) as { type: string; delta?: string })
    .filter((part) => part.type === "text-delta")
    .map((part) => part.delta)
    .join("");
}

function chatBody(text: string) {
  return {
    id: crypto.randomUUID(),
    message: { id: crypto.randomUUID(), role: "user", parts: [{ type: "text", text }] },
  };
}

/** Runs `work` while GET /api/health is probed every PROBE_EVERY_MS; the probes' times and work's value. */
async function probedDuring<T>(appUrl: string, work: () => Promise<T>): Promise<{ samples: number[]; value: T }> {
  const samples: number[] = [];
  let done = false;
  const probing = (async () => {
    while (!done) {
      samples.push(await healthMs(appUrl));
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  })();
  try {
    return { samples, value: await work() };
  } finally {
    done = true;
    await probing;
  }
}

async function healthMs(appUrl: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${appUrl}/api/health`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`health: ${res.status}`);
  return performance.now() - started;
}

async function untilIndexed(session: Session, kbId: string, name: string): Promise<{ id: string; status: string }> {
  for (let i = 0; i < 600; i++) {
    const docs = (await (await session.call(`/api/kbs/${kbId}/documents`)).json()) as {
      id: string;
      name: string;
      status: string;
    }[];
    const doc = docs.find((d) => d.name === name);
    if (doc && !["uploaded", "parsing", "parsed", "indexing"].includes(doc.status)) return doc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} was not ingested in a minute`);
}

const servers = await startBenchServers(ports);
let failed = false;
try {
  const admin = await signIn(servers.appUrl, BENCH_ADMIN.username, BENCH_ADMIN.password);
  const mock = mockClient(servers.mockUrl);
  const kb = (await (await admin.call("/api/kbs", { method: "POST", body: { name: "Bomb bench" } })).json()) as {
    id: string;
  };
  const longLines = Array.from({ length: 50 }, () => "a".repeat(2_000)).join("\n");
  if (!(await upload(admin, kb.id, "long-lines.txt", new TextEncoder().encode(longLines))).ok)
    throw new Error("uploading the long-lines document failed");
  const target = await untilIndexed(admin, kb.id, "long-lines.txt");

  // One ordinary chat first: the first one in a process loads the chat route and builds the agent
  // (a cold start, not the bombs' doing).
  await mock.script("bombs-warm", [{ text: "Warm." }]);
  const warm = answerText(
    await (
      await admin.call("/api/chat", { method: "POST", body: chatBody(`Hi ${scriptMarker("bombs-warm")}`) })
    ).text(),
  );
  if (warm !== "Warm.") throw new Error(`the warm-up chat answered ${JSON.stringify(warm)}`);

  const idle: number[] = [];
  for (let i = 0; i < PROBES_IDLE; i++) idle.push(await healthMs(servers.appUrl));

  await mock.script("bombs-regex", [
    ...Array.from({ length: ROUNDS }, () => [
      {
        toolCalls: [
          {
            name: "find_kb_document",
            args: { kb_id: kb.id, file_id: target.id, patterns: [".{0,300}.{0,300}.{0,300}!"], use_regex: true },
          },
        ],
      },
      { text: "Searched." },
    ]).flat(),
  ]);
  await mock.script(
    "bombs-plain",
    Array.from({ length: ROUNDS }, () => ({ text: "Plain." })),
  );
  const docx = docxBomb(100);
  const zip = zipBomb();

  // The reference: the same probes while one ordinary chat is answered (what any turn costs here).
  const chat: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const { samples, value } = await probedDuring(servers.appUrl, async () =>
      answerText(
        await (
          await admin.call("/api/chat", { method: "POST", body: chatBody(`Hi ${scriptMarker("bombs-plain")}`) })
        ).text(),
      ),
    );
    if (value !== "Plain.") throw new Error(`an ordinary chat answered ${JSON.stringify(value)}`);
    chat.push(...samples);
  }

  const busy: number[] = [];
  const outcomes = new Set<string>();
  let bombsMs = 0;
  let refused = true;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const { samples, value } = await probedDuring(servers.appUrl, async () => {
      const [docxRes, zipRes, chatRes] = await Promise.all([
        upload(admin, kb.id, `bomb-${round}.docx`, docx),
        upload(admin, kb.id, `bomb-${round}.zip`, zip),
        admin.call("/api/chat", { method: "POST", body: chatBody(`Search it ${scriptMarker("bombs-regex")}`) }),
      ]);
      const answer = answerText(await chatRes.text());
      const docxDoc = await untilIndexed(admin, kb.id, `bomb-${round}.docx`);
      return { docxRes, docxDoc, zipRes, chatRes, answer };
    });
    bombsMs = Math.max(bombsMs, performance.now() - started);
    busy.push(...samples);
    const answered = value.answer === "Searched.";
    refused &&= answered && value.zipRes.status === 400 && value.docxDoc.status === "error_parsing";
    outcomes.add(
      `docx ${value.docxRes.status} → ${value.docxDoc.status}, zip ${value.zipRes.status}, regex chat ${value.chatRes.status}${answered ? " answered" : " NOT answered"}`,
    );
  }

  const floor = summarize(idle);
  const during = summarize(chat);
  const load = summarize(busy);
  failed = load.p99 >= 100 || !refused;
  const when = new Date().toISOString();
  const machine = `${os.cpus().length} cores, Node ${process.version}, ${servers.db}`;
  const row = (label: string, samples: number[], stats: ReturnType<typeof summarize>) =>
    `| ${label}, p50 / p95 / p99 / max, n=${samples.length} | ${ms(stats.p50)} / ${ms(stats.p95)} / ${ms(stats.p99)} / ${ms(Math.max(...samples))} |`;
  const lines = [
    `## ${when} — bench:bombs — ${machine}`,
    "",
    "| figure | value |",
    "|---|---|",
    row("/api/health idle (floor)", idle, floor),
    row(`/api/health while one ordinary chat is answered (${ROUNDS} chats)`, chat, during),
    row(`/api/health during the three bombs (${ROUNDS} rounds; goal: p99 < 100 ms)`, busy, load),
    `| p99 during the bombs / p99 idle / p99 during an ordinary chat | ${(load.p99 / floor.p99).toFixed(2)} / ${(load.p99 / during.p99).toFixed(2)} |`,
    `| one round of bombs, start to last refusal (slowest) | ${ms(bombsMs)} (${[...outcomes].join("; ")}) |`,
    "",
  ];
  console.log(lines.join("\n"));
  fs.appendFileSync(path.join(import.meta.dirname, "RESULTS.md"), lines.join("\n") + "\n");
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  await servers.stop(failed);
  if (failed) console.error(`bench:bombs failed or missed its goal (server log: ${servers.logFile})`);
  process.exit(failed ? 1 : 0);
}
