import { Worker, type ResourceLimits } from "node:worker_threads";
import { BoundedWorker, isWorkerTaskFailed, type SerializedError, type WorkerTaskFailed } from "./bounded-worker";
import { ZipRefused, type ZipRefusal, type ZipLimits } from "@/lib/files/zip-read";
import type { IngestFailureCode } from "../ingest-failure";
import { ParseFailure } from "./parse-failure";
import type { KbFormat } from "./formats";
import { kbParseLimits } from "./limits";
import type { FindOptions, FindResult } from "../find-in-document";

/**
 * Uploaded documents are read in a worker thread (parse-worker.ts) under kbParseLimits(): the
 * main thread, which answers every request, never runs a parser on untrusted bytes.
 */
function spawnParseWorker(resourceLimits: ResourceLimits): Worker {
  // The built server runs the worker Next bundled from this `new URL` (Turbopack follows it).
  if (!import.meta.url.endsWith(".ts"))
    return new Worker(new URL("./parse-worker.ts", import.meta.url), { resourceLimits });
  // Sources (vitest; tsx for benches and scripts) load the TypeScript entry through tsx. Built by
  // Reflect.construct so the bundler does not take this second form for a worker of its own.
  const entry = import.meta.url.replace(/parse-in-worker\.ts$/, "parse-worker.ts");
  const bootstrap = `import("tsx/esm/api").then((tsx) => tsx.register()).then(() => import(${JSON.stringify(entry)}))`;
  return Reflect.construct(Worker, [bootstrap, { eval: true, resourceLimits }]) as Worker;
}

function reviveError(error: SerializedError): Error {
  if (error.name === "ParseFailure") return new ParseFailure(error.code as IngestFailureCode, error.message);
  if (error.name === "ZipRefused") {
    const { key, values } = error.reason as ZipRefusal;
    return new ZipRefused(key, values, error.tooLarge === true);
  }
  return Object.assign(new Error(error.message), { name: error.name });
}

const holder = globalThis as { __meridianParseWorker?: BoundedWorker; __meridianSearchWorker?: BoundedWorker };
/** One per process (route bundles share it), so parsing takes turns instead of crowding the CPU. */
function parser(): BoundedWorker {
  return (holder.__meridianParseWorker ??= new BoundedWorker(spawnParseWorker, kbParseLimits, reviveError));
}
/** Searches have their own worker: a model's search never waits behind a long parse. */
const SEARCH_LIMITS = { timeoutMs: 15_000, maxMemoryMb: 256 };
function searcher(): BoundedWorker {
  return (holder.__meridianSearchWorker ??= new BoundedWorker(spawnParseWorker, () => SEARCH_LIMITS, reviveError));
}

const CODES: Record<WorkerTaskFailed["reason"], IngestFailureCode> = {
  timeout: "parse_timeout",
  memory: "parse_memory",
  crashed: "parse_failed",
};

function asParseFailure(err: unknown): unknown {
  return isWorkerTaskFailed(err) ? new ParseFailure(CODES[err.reason], `Reading stopped: ${err.message}.`) : err;
}

/** A document's text (parseDocument), read in the worker. */
export async function parseDocumentInWorker(bytes: Uint8Array, format: KbFormat): Promise<string> {
  try {
    return await parser().run<string>("parse", { bytes, format, maxTextChars: kbParseLimits().maxTextChars });
  } catch (err) {
    throw asParseFailure(err);
  }
}

/** The supported documents inside an uploaded zip, read by the bounded reader in the worker. */
export async function unzipDocumentsInWorker(bytes: Uint8Array, limits: ZipLimits): Promise<Map<string, Uint8Array>> {
  try {
    return await parser().run<Map<string, Uint8Array>>("unzipDocuments", { bytes, limits });
  } catch (err) {
    throw asParseFailure(err);
  }
}

/** findInDocument in the search worker; a search that passes its time comes back as a readable error. */
export async function findInDocumentInWorker(text: string, opts: FindOptions): Promise<FindResult> {
  try {
    return await searcher().run<FindResult>("find", { text, opts });
  } catch (err) {
    if (isWorkerTaskFailed(err))
      return {
        windows: [],
        matches: 0,
        error: `Error: the search was stopped (${err.message}); use a simpler pattern or plain text.`,
      };
    throw err;
  }
}

/** Stops the workers (tests). */
export async function stopParseWorker(): Promise<void> {
  await Promise.all([holder.__meridianParseWorker?.stop(), holder.__meridianSearchWorker?.stop()]);
}
