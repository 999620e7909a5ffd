import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { S3Client } from "@aws-sdk/client-s3";

export type LocalS3Server = { endpoint: string; bucket: string; client(): S3Client; stop(): Promise<void> };

/** s3rver's fixed credentials (it checks signatures). */
export const LOCAL_S3_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

// Runs in the child: s3rver on a random port, reports it, exits when the parent closes stdin.
const CHILD = `
const [S3rverPath, directory, bucket] = process.argv.slice(1);
const S3rver = require(S3rverPath);
new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] })
  .run().then(({ port }) => console.log(JSON.stringify({ port })), (err) => { console.error(err); process.exit(1); });
process.stdin.on("end", () => process.exit(0)).resume();
`;

/**
 * A real S3-compatible server (s3rver) over a temp directory. It runs in a child process
 * because s3rver signs list continuation tokens with DES, which Node 20's OpenSSL 3 offers
 * only under --openssl-legacy-provider (a flag for the whole process).
 */
export async function startLocalS3Server(bucket = "meridian-test"): Promise<LocalS3Server> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "meridian-s3-"));
  const s3rverPath = createRequire(import.meta.url).resolve("s3rver");
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "-e", CHILD, s3rverPath, directory, bucket], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += d));

  const port = await new Promise<number>((resolve, reject) => {
    let stdout = "";
    const timer = setTimeout(() => reject(new Error(`s3rver did not start in 20 s: ${stderr}`)), 20_000);
    child.stdout.on("data", (d) => {
      stdout += d;
      const line = stdout.split("\n").find((l) => l.startsWith("{"));
      if (line) {
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with code ${code}: ${stderr}`));
    });
  });

  const endpoint = `http://127.0.0.1:${port}`;
  const clients: S3Client[] = [];
  return {
    endpoint,
    bucket,
    client() {
      const client = new S3Client({
        endpoint,
        region: "us-east-1",
        forcePathStyle: true,
        credentials: LOCAL_S3_CREDENTIALS,
      });
      clients.push(client);
      return client;
    },
    async stop() {
      for (const c of clients) c.destroy();
      child.stdin.end();
      const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(killer);
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
