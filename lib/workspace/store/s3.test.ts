import { randomUUID } from "node:crypto";
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_S3_CREDENTIALS, startLocalS3Server, type LocalS3Server } from "@/lib/testing/s3-server";
import { PathRefused } from "../virtual-path";
import { describeStoreContract } from "@/lib/testing/store-contract";
import { getUserStore } from "./index";
import { createS3Store } from "./s3";
import {
  assertWorkspaceStorageConfig,
  readS3StorageConfig,
  StorageConfigError,
  workspaceStorageKind,
} from "./s3-config";
import { StoreConflict } from "./types";

let server: LocalS3Server;
let client: S3Client;
const PREFIX = "workspaces";
const newUserId = () => `u${randomUUID().replaceAll("-", "")}`;
const storeFor = (userId: string, pageSize?: number) =>
  createS3Store({ userId, bucket: server.bucket, prefix: PREFIX, client, pageSize });

async function keysUnder(prefix: string): Promise<string[]> {
  const res = await client.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key!);
}

beforeAll(async () => {
  server = await startLocalS3Server();
  client = server.client();
});
afterAll(async () => {
  await server?.stop();
});

describeStoreContract("S3 store on s3rver (a local S3-compatible server)", async () => ({
  store: storeFor(newUserId()),
  cleanup: async () => {},
}));

describe("S3 store keys and paging (s3rver)", () => {
  it("stores files at <prefix>/<userId>/<rel> and nowhere else", async () => {
    const userId = newUserId();
    await storeFor(userId).write("projects/t1/notes.md", "n");
    expect(await keysUnder(`${PREFIX}/${userId}`)).toEqual([`${PREFIX}/${userId}/projects/t1/notes.md`]);
  });

  it("refuses keys that are not plain relative paths, writing nothing", async () => {
    const userId = newUserId();
    const store = storeFor(userId);
    for (const rel of ["a//b.txt", "/abs.txt", "./a.txt", "a/./b.txt", "a/", "..", "a\\b.txt", "a\u0000b"]) {
      await expect(store.write(rel, "x"), JSON.stringify(rel)).rejects.toBeInstanceOf(PathRefused);
    }
    expect(await keysUnder(`${PREFIX}/${userId}`)).toEqual([]);
  });

  it("cannot reach a neighbour through `..`, nor through a user id that shares a prefix", async () => {
    const alice = newUserId();
    await storeFor(alice).write("secret.txt", "alice");
    const bob = storeFor(newUserId());
    await expect(bob.read(`../${alice}/secret.txt`)).rejects.toBeInstanceOf(PathRefused);
    await expect(bob.remove(`../${alice}`)).rejects.toBeInstanceOf(PathRefused);
    const aliceTwo = storeFor(`${alice}2`);
    expect(await aliceTwo.walk("")).toEqual([]);
    await aliceTwo.write("secret.txt", "other");
    expect((await storeFor(alice).read("secret.txt")).toString()).toBe("alice");
  });

  it("refuses user ids and prefixes that could overlap another user's keys", () => {
    for (const userId of ["", "a/b", "..", "u1/../u2", "u 1"]) {
      expect(() => createS3Store({ userId, bucket: server.bucket, prefix: PREFIX, client }), userId).toThrow();
    }
    expect(() => createS3Store({ userId: "u1", bucket: server.bucket, prefix: "a/../b", client })).toThrow();
  });

  it("pages through lists, walks and batched deletes", async () => {
    const counted = server.client();
    let deleteCalls = 0;
    counted.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === "DeleteObjectsCommand") deleteCalls++;
        return next(args);
      },
      { step: "initialize" },
    );
    const store = createS3Store({
      userId: newUserId(),
      bucket: server.bucket,
      prefix: PREFIX,
      client: counted,
      pageSize: 2,
    });
    const files = ["d/1.txt", "d/2.txt", "d/3.txt", "d/4.txt", "d/5.txt", "d/s1/a.txt", "d/s2/b.txt"];
    for (const rel of files) await store.write(rel, rel);
    expect((await store.list("d")).map((e) => e.name)).toEqual([
      "1.txt",
      "2.txt",
      "3.txt",
      "4.txt",
      "5.txt",
      "s1",
      "s2",
    ]);
    expect((await store.walk("d")).map((e) => e.rel)).toEqual(files);
    expect(await store.walk("d", 3)).toHaveLength(3);
    await store.remove("d");
    expect(deleteCalls).toBe(4);
    expect(await store.walk("")).toEqual([]);
  });

  it("treats a console-made folder marker as a directory, not a file", async () => {
    const userId = newUserId();
    await client.send(
      new PutObjectCommand({ Bucket: server.bucket, Key: `${PREFIX}/${userId}/folder/`, Body: new Uint8Array(0) }),
    );
    const store = storeFor(userId);
    expect(await store.list("")).toMatchObject([{ name: "folder", kind: "dir" }]);
    expect(await store.list("folder")).toEqual([]);
    expect(await store.walk("")).toEqual([]);
    await expect(store.write("folder", "x")).rejects.toBeInstanceOf(StoreConflict);
    await store.remove("folder");
    expect(await keysUnder(`${PREFIX}/${userId}`)).toEqual([]);
  });
});

describe("object storage configuration", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of Object.keys(process.env)) if (!(k in saved)) delete process.env[k];
    Object.assign(process.env, saved);
  });

  it("selects local storage unless WORKSPACE_STORAGE=s3, and rejects unknown values", () => {
    expect(workspaceStorageKind({})).toBe("local");
    expect(workspaceStorageKind({ WORKSPACE_STORAGE: "S3" })).toBe("s3");
    expect(() => workspaceStorageKind({ WORKSPACE_STORAGE: "minio" })).toThrow(StorageConfigError);
  });

  it("fails at startup with a clear error when S3_BUCKET is missing", () => {
    expect(() => assertWorkspaceStorageConfig({ WORKSPACE_STORAGE: "s3" })).toThrow(/S3_BUCKET/);
    expect(() => assertWorkspaceStorageConfig({})).not.toThrow();
  });

  it("applies defaults and rejects half-set credentials, bad flags and bad prefixes", () => {
    expect(readS3StorageConfig({ S3_BUCKET: "b" })).toEqual({
      bucket: "b",
      prefix: "workspaces",
      region: "us-east-1",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    const local = readS3StorageConfig({
      S3_BUCKET: "b",
      S3_ENDPOINT: "http://minio:9000",
      S3_PREFIX: "/ws/",
      S3_ACCESS_KEY_ID: "k",
      S3_SECRET_ACCESS_KEY: "s",
    });
    expect(local).toMatchObject({
      prefix: "ws",
      forcePathStyle: true,
      credentials: { accessKeyId: "k", secretAccessKey: "s" },
    });
    expect(
      readS3StorageConfig({ S3_BUCKET: "b", S3_ENDPOINT: "http://m:9000", S3_FORCE_PATH_STYLE: "false" })
        .forcePathStyle,
    ).toBe(false);
    expect(() => readS3StorageConfig({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "k" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => readS3StorageConfig({ S3_BUCKET: "b", S3_FORCE_PATH_STYLE: "maybe" })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => readS3StorageConfig({ S3_BUCKET: "b", S3_PREFIX: "a/../b" })).toThrow(/S3_PREFIX/);
    expect(() => readS3StorageConfig({ S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" })).toThrow(/S3_ENDPOINT/);
  });

  it("getUserStore uses the configured bucket when WORKSPACE_STORAGE=s3", async () => {
    process.env.WORKSPACE_STORAGE = "s3";
    delete process.env.S3_BUCKET;
    expect(() => getUserStore("u1")).toThrow(/S3_BUCKET/);
    Object.assign(process.env, {
      S3_BUCKET: server.bucket,
      S3_ENDPOINT: server.endpoint,
      S3_PREFIX: "from-env",
      S3_ACCESS_KEY_ID: LOCAL_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: LOCAL_S3_CREDENTIALS.secretAccessKey,
    });
    const userId = newUserId();
    const store = getUserStore(userId);
    expect(store.kind).toBe("s3");
    await store.write("hello.txt", "hi");
    expect(await keysUnder(`from-env/${userId}/`)).toEqual([`from-env/${userId}/hello.txt`]);
  });
});
