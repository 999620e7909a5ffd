import path from "node:path";
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3ServiceException,
  type ListObjectsV2CommandOutput,
  type S3Client,
} from "@aws-sdk/client-s3";
import { PathRefused } from "../virtual-path";
import { StoreConflict, StoreNotFound, type StoreEntry, type WorkspaceStore } from "./types";

export type S3StoreOptions = {
  userId: string;
  bucket: string;
  /** Key prefix shared by all users, e.g. "workspaces" (slashes at either end are ignored). */
  prefix: string;
  client: S3Client;
  /** Keys per ListObjectsV2 page and per DeleteObjects batch (S3 allows at most 1000). */
  pageSize?: number;
};

const DEFAULT_WALK_LIMIT = 10_000;
const USER_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * One user's workspace as objects under `<prefix>/<userId>/`. Directories are implicit: a
 * directory exists while some key lies below it (a console's "folder/" marker counts too).
 */
export function createS3Store(opts: S3StoreOptions): WorkspaceStore {
  const { client, bucket } = opts;
  const pageSize = Math.min(Math.max(1, opts.pageSize ?? 1000), 1000);
  if (!USER_ID.test(opts.userId)) throw new Error("Invalid user id for a workspace key prefix");
  const prefix = opts.prefix.replace(/^\/+|\/+$/g, "");
  if (prefix !== "" && prefix.split("/").some((s) => s === "" || s === "." || s === "..")) {
    throw new Error(`Invalid S3 key prefix: "${opts.prefix}"`);
  }
  const base = prefix ? `${prefix}/${opts.userId}/` : `${opts.userId}/`;

  /** The object key of `rel`, refusing anything that could name a key outside `base`. */
  function keyOf(rel: string): string {
    const bad =
      rel.startsWith("/") ||
      rel.endsWith("/") ||
      rel.includes("//") ||
      rel.includes("\\") ||
      // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
      /[\u0000-\u001f\u007f]/.test(rel) ||
      rel.split("/").some((s) => s === "." || s === "..");
    const key = base + rel;
    if (bad || !key.startsWith(base)) throw new PathRefused(rel, "not a plain relative path inside the workspace");
    return key;
  }
  const dirPrefix = (rel: string) => (rel === "" ? base : keyOf(rel) + "/");
  const relOf = (key: string) => key.slice(base.length);

  async function* pages(
    keyPrefix: string,
    delimiter?: string,
    maxKeys = pageSize,
  ): AsyncGenerator<ListObjectsV2CommandOutput> {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: keyPrefix,
          Delimiter: delimiter,
          MaxKeys: maxKeys,
          ContinuationToken: token,
        }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async function fileAt(rel: string): Promise<StoreEntry | null> {
    if (rel === "") return null;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: keyOf(rel) }));
      return entry(rel, "file", head.ContentLength ?? 0, head.LastModified);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** The directory at `rel` (dated by the newest object on the first page below it), or null. */
  async function dirAt(rel: string, maxKeys = pageSize): Promise<StoreEntry | null> {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: dirPrefix(rel), MaxKeys: maxKeys }),
    );
    const objects = page.Contents ?? [];
    if (objects.length === 0) return null;
    const newest = Math.max(...objects.map((o) => o.LastModified?.getTime() ?? 0));
    return entry(rel, "dir", 0, newest ? new Date(newest) : undefined);
  }

  return {
    kind: "s3",
    readOnly: false,
    async stat(rel) {
      if (rel === "") return (await dirAt("")) ?? entry("", "dir", 0);
      const [file, dir] = await Promise.all([fileAt(rel), dirAt(rel)]);
      return file ?? dir;
    },
    async list(rel) {
      const keyPrefix = dirPrefix(rel);
      const entries: StoreEntry[] = [];
      let seen = false;
      for await (const page of pages(keyPrefix, "/")) {
        seen ||= (page.Contents?.length ?? 0) + (page.CommonPrefixes?.length ?? 0) > 0;
        // Skipped: the directory's own "folder/" marker, and keys this store never writes (`a//b`).
        for (const o of page.Contents ?? []) {
          if (o.Key && o.Key !== keyPrefix) entries.push(entry(relOf(o.Key), "file", o.Size ?? 0, o.LastModified));
        }
        for (const p of page.CommonPrefixes ?? []) {
          if (p.Prefix && p.Prefix !== keyPrefix + "/") entries.push(entry(relOf(p.Prefix).slice(0, -1), "dir", 0));
        }
      }
      if (!seen && rel !== "") {
        if (await fileAt(rel)) throw new StoreConflict(rel, `Not a directory: ${rel}`);
        throw new StoreNotFound(rel);
      }
      return entries.sort((a, b) => compare(a.name, b.name));
    },
    async walk(rel, limit = DEFAULT_WALK_LIMIT) {
      const file = await fileAt(rel);
      if (file) return [file];
      const out: StoreEntry[] = [];
      let seen = false;
      for await (const page of pages(dirPrefix(rel), undefined, Math.min(pageSize, Math.max(1, limit)))) {
        for (const o of page.Contents ?? []) {
          seen = true;
          if (!o.Key || o.Key.endsWith("/") || o.Key.includes("//")) continue;
          out.push(entry(relOf(o.Key), "file", o.Size ?? 0, o.LastModified));
        }
        if (out.length >= limit) break;
      }
      if (!seen && rel !== "") throw new StoreNotFound(rel);
      return out.slice(0, limit).sort((a, b) => compare(a.rel, b.rel));
    },
    async read(rel) {
      if (rel === "") throw new StoreConflict(rel, "Is a directory: /");
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(rel) }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : Buffer.alloc(0);
      } catch (err) {
        if (!isMissing(err)) throw err;
        if (await dirAt(rel, 1)) throw new StoreConflict(rel, `Is a directory: ${rel}`);
        throw new StoreNotFound(rel);
      }
    },
    async write(rel, data) {
      if (rel === "") throw new StoreConflict(rel, "Cannot write to the workspace root.");
      const key = keyOf(rel);
      const parents = rel
        .split("/")
        .slice(0, -1)
        .map((_, i, segs) => segs.slice(0, i + 1).join("/"));
      const [dir, ...parentFiles] = await Promise.all([dirAt(rel, 1), ...parents.map(fileAt)]);
      if (dir) throw new StoreConflict(rel, `A directory is in the way: ${rel}`);
      if (parentFiles.some(Boolean)) throw new StoreConflict(rel, `A file is in the way of ${rel}`);
      const body =
        typeof data === "string" ? Buffer.from(data) : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: body.byteLength }));
    },
    async remove(rel) {
      if (rel === "") throw new StoreConflict(rel, "Cannot delete the workspace root.");
      const keys = (await fileAt(rel)) ? [keyOf(rel)] : [];
      for await (const page of pages(dirPrefix(rel))) {
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
      }
      if (keys.length === 0) throw new StoreNotFound(rel);
      for (let i = 0; i < keys.length; i += pageSize) {
        const batch = keys.slice(i, i + pageSize);
        if (!batch.every((k) => k.startsWith(base))) throw new PathRefused(rel, "a key outside the workspace");
        const res = await client.send(
          new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
        );
        const failed = res.Errors ?? [];
        if (failed.length)
          throw new Error(
            `Could not delete ${failed.length} object(s) under ${rel}: ${failed[0].Code} ${failed[0].Message}`,
          );
      }
    },
  };
}

function entry(rel: string, kind: StoreEntry["kind"], size: number, modified?: Date): StoreEntry {
  return {
    rel,
    name: rel === "" ? "" : path.posix.basename(rel),
    kind,
    size,
    modifiedAt: (modified ?? new Date()).toISOString(),
  };
}

/** Same order as Array.prototype.sort on strings (UTF-16 code units), like the local store. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    err.name !== "NoSuchBucket" &&
    (err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata?.httpStatusCode === 404)
  );
}
