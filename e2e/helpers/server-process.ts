import fs from "node:fs";
import http from "node:http";

/**
 * The PID of the local process listening on `port`, found through /proc (the app server is a
 * grandchild of Playwright's webServer: e2e-server.mjs -> start.mjs -> next start). Null when
 * /proc is not there or the server runs elsewhere (E2E_BASE_URL).
 */
export function pidListeningOn(port: number): number | null {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is HEXIP:HEXPORT; state 0A is LISTEN; column 9 is the socket inode.
      if (cols.length > 9 && cols[3] === "0A" && parseInt(cols[1].split(":")[1], 16) === port) inodes.add(cols[9]);
    }
  }
  if (inodes.size === 0) return null;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const link = fs.readlinkSync(`/proc/${entry}/fd/${fd}`);
        if (inodes.has(link.slice("socket:[".length, -1)) && link.startsWith("socket:[")) return Number(entry);
      } catch {
        // The fd closed while we looked.
      }
    }
  }
  return null;
}

/** Resident memory of a process in bytes (VmRSS from /proc/<pid>/status). */
export function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) * 1024;
}

/** Runs `op` while sampling the process's RSS every few milliseconds; returns the highest sample. */
export async function peakRssDuring<T>(pid: number, op: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 5);
  try {
    const result = await op();
    // A little longer: memory taken while finishing the request still counts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { result, peak: Math.max(peak, rssBytes(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/** How long sendLargeBody waits after its first piece for an answer given on the headers alone. */
const EARLY_ANSWER_WAIT_MS = 250;

export type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * Sends `totalBytes` of body in 64 KiB pieces with Node's http client: with Content-Length, or
 * chunked (no Content-Length) when `chunked`. Sends until the server answers (or closes the
 * connection after answering), then resolves with the answer.
 */
export function sendLargeBody(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; totalBytes: number; chunked: boolean },
): Promise<RawResponse> {
  const piece = Buffer.alloc(64 * 1024, 0x20);
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method: opts.method ?? "POST",
      agent: false,
      headers: {
        ...opts.headers,
        ...(opts.chunked ? { "transfer-encoding": "chunked" } : { "content-length": String(opts.totalBytes) }),
      },
    });
    let answered = false;
    // A server that answers early may close while we still write (EPIPE, ECONNRESET): expected.
    req.on("socket", (socket) => socket.on("error", () => {}));
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") });
        req.destroy();
      });
      res.on("error", reject);
    });
    let sent = 0;
    let paused = false;
    const pump = () => {
      while (sent < opts.totalBytes && !answered && !req.destroyed) {
        // After the first piece, give a server that refuses at once (by headers alone) time to
        // answer before writing on: once it has answered and closed, further writes reset the
        // connection, and a reset can drop its answer before this side has read it (EPIPE flake).
        if (sent > 0 && !paused) {
          paused = true;
          return void setTimeout(pump, EARLY_ANSWER_WAIT_MS);
        }
        const n = Math.min(piece.length, opts.totalBytes - sent);
        sent += n;
        if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) return void req.once("drain", pump);
      }
      if (!answered && !req.destroyed) req.end();
    };
    pump();
  });
}
