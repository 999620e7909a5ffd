import { parentPort } from "node:worker_threads";
import { serveWorkerTasks } from "./bounded-worker";
import { readZipFiles, type ZipLimits } from "@/lib/files/zip-read";
import { parseDocument } from "./parse-document";
import { findInDocument, type FindOptions } from "../find-in-document";
import { isArchiveNoise } from "@/lib/skills/file-path";
import { kbFormatOf, type KbFormat } from "./formats";

/**
 * The worker thread that reads uploaded documents (parse-in-worker.ts starts it): what runs here
 * may be a bomb, so it runs under the worker's heap limit and timeout, never on the main thread.
 * It imports only parsers and the zip reader: no database, no job runner.
 */
export type ParseInput = { bytes: Uint8Array; format: KbFormat; maxTextChars: number };
export type ZipInput = { bytes: Uint8Array; limits: ZipLimits };
export type FindInput = { text: string; opts: FindOptions };

serveWorkerTasks(parentPort!, {
  /** A model's search in a document (find_kb_document): linear-time, budgeted, and off the main thread. */
  async find({ text, opts }: FindInput) {
    return { value: findInDocument(text, opts) };
  },
  async parse({ bytes, format, maxTextChars }: ParseInput) {
    return { value: await parseDocument(bytes, format, maxTextChars) };
  },
  /** The supported documents of an uploaded zip, if the bounded reader accepts it (other entries skipped). */
  async unzipDocuments({ bytes, limits }: ZipInput) {
    const files = readZipFiles(bytes, limits, (e) => !isArchiveNoise(e.name) && kbFormatOf(e.name) !== null);
    return { value: files, transfer: [...files.values()].map((b) => b.buffer as ArrayBuffer) };
  },
});
