import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { mockClient, scriptMarker } from "../lib/testing/mock-llm/client";
import { buildZip } from "../lib/testing/zip-fixtures";
import { BENCH_ADMIN, startBenchServers } from "./load-servers";
import { signIn, type Session } from "./load-client";
import { ms, summarize } from "./stats";

/**
 * `npm run bench:bombs` (issue 42): how fast the server answers GET /api/health while one user's
 * bombs are processed at once: a .docx whose body inflates to 100 MiB, a zip of 40 entries of
 * 2 MiB whose directory declares a compressed size of 0, and a regular expression that backtracks
 * for hours on a backtracking engine, run by the model through find_kb_document on a document of
 * 2,000-character lines. Goal: p99 < 100 ms. The floor is the same server idle, in the same run.
 * Production server (scripts/start.mjs) on PGlite, or on the PostgreSQL server DATABASE_URL names.
 */
const ports = { app: Number(process.env.BOMBS_APP_PORT ?? 3350), mock: Number(process.env.BOMBS_MOCK_PORT ?? 4350) };
const PROBES_IDLE = 200;
const PROBE_EVERY_MS = 20;
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

  const idle: number[] = [];
  for (let i = 0; i < PROBES_IDLE; i++) idle.push(await healthMs(servers.appUrl));

  await mock.script("bombs-regex", [
    {
      toolCalls: [
        {
          name: "find_kb_document",
          args: { kb_id: kb.id, file_id: target.id, patterns: [".{0,300}.{0,300}.{0,300}!"], use_regex: true },
        },
      ],
    },
    { text: "Searched." },
  ]);
  const docx = docxBomb(100);
  const zip = zipBomb();
  const busy: number[] = [];
  let bombsDone = false;
  const probing = (async () => {
    while (!bombsDone) {
      busy.push(await healthMs(servers.appUrl));
      await new Promise((r) => setTimeout(r, PROBE_EVERY_MS));
    }
  })();
  const started = performance.now();
  const [docxRes, zipRes, chatRes] = await Promise.all([
    upload(admin, kb.id, "bomb.docx", docx),
    upload(admin, kb.id, "bomb.zip", zip),
    admin.call("/api/chat", {
      method: "POST",
      body: {
        id: crypto.randomUUID(),
        message: {
          id: crypto.randomUUID(),
          role: "user",
          parts: [{ type: "text", text: `Search it ${scriptMarker("bombs-regex")}` }],
        },
      },
    }),
  ]);
  const chatText = await chatRes.text();
  const docxDoc = await untilIndexed(admin, kb.id, "bomb.docx");
  const bombsMs = performance.now() - started;
  bombsDone = true;
  await probing;

  const outcome = [
    `docx ${docxRes.status} → ${docxDoc.status}`,
    `zip ${zipRes.status}`,
    `regex chat ${chatRes.status}${chatText.includes("Searched.") ? " answered" : " NOT answered"}`,
  ].join(", ");
  const floor = summarize(idle);
  const load = summarize(busy);
  failed = load.p99 >= 100 || !chatText.includes("Searched.") || zipRes.status !== 400;
  const when = new Date().toISOString();
  const machine = `${os.cpus().length} cores, Node ${process.version}, ${servers.db}`;
  const lines = [
    `## ${when} — bench:bombs — ${machine}`,
    "",
    "| figure | value |",
    "|---|---|",
    `| /api/health idle (floor), p50 / p99 / max, n=${idle.length} | ${ms(floor.p50)} / ${ms(floor.p99)} / ${ms(Math.max(...idle))} |`,
    `| /api/health during the three bombs, p50 / p99 / max, n=${busy.length} (goal: p99 < 100 ms) | ${ms(load.p50)} / ${ms(load.p99)} / ${ms(Math.max(...busy))} |`,
    `| p99 during / p99 idle | ${(load.p99 / floor.p99).toFixed(2)} |`,
    `| the bombs, start to last refusal | ${ms(bombsMs)} (${outcome}) |`,
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
