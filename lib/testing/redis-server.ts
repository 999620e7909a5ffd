import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export type LocalRedis = { url: string; port: number; stop(): Promise<void> };

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real Redis server (Debian's `redis-server`, which `.ci/run` installs) on a free loopback
 * port, without persistence, in a temp directory; stopped with the test.
 */
export async function startLocalRedis(): Promise<LocalRedis> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "meridian-redis-"));
  const port = await freePort();
  const child = spawn(
    process.env.REDIS_SERVER_BIN || "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let out = "";
    const timer = setTimeout(() => reject(new Error(`redis-server did not start in 10 s: ${out}`)), 10_000);
    const onData = (d: Buffer) => {
      out += d;
      if (out.includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(new Error(`redis-server could not start (apt-get install redis-server): ${err.message}`));
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
