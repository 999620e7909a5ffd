import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { PEER_ADDRESS_HEADER } from "./client-address";
import { stampIncomingRequests } from "./incoming-request";

/** A real server with the stamp installed, echoing the headers its handler received. */
let server: http.Server;
let port: number;

beforeAll(async () => {
  stampIncomingRequests();
  server = http.createServer((req, res) => res.end(JSON.stringify(req.headers)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.unstubAllEnvs());

const forged = {
  "x-forwarded-host": "evil.example",
  "x-forwarded-proto": "https",
  "x-forwarded-port": "443",
  forwarded: "host=evil.example;proto=https",
  [PEER_ADDRESS_HEADER]: "10.9.9.9",
};

async function seen(headers: Record<string, string>): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${port}/`, { headers });
  return (await res.json()) as Record<string, string>;
}

describe("stampIncomingRequests", () => {
  // With TRUST_PROXY unset, sign-out redirected to any host a client named in X-Forwarded-Host.
  it("drops forwarded headers a client sent when no proxy is trusted, and stamps the real peer", async () => {
    vi.stubEnv("TRUST_PROXY", "");
    const headers = await seen(forged);
    for (const name of ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"])
      expect(headers[name], name).toBeUndefined();
    expect(headers[PEER_ADDRESS_HEADER]).toBe("127.0.0.1");
    expect(headers.host).toBe(`127.0.0.1:${port}`);
  });

  it("keeps what the trusted proxy wrote when TRUST_PROXY is set", async () => {
    vi.stubEnv("TRUST_PROXY", "1");
    const headers = await seen(forged);
    expect(headers).toMatchObject({ "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" });
    expect(headers[PEER_ADDRESS_HEADER]).toBe("127.0.0.1");
  });
});
