/** Runs once when a server instance starts (not during `next build`). */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampIncomingRequests } = await import("./lib/http/incoming-request");
    stampIncomingRequests(); // before the first request: client addresses, no forged forwarded headers
    const { poolRandomValues } = await import("./lib/shims/pooled-random-values");
    const { shimOn } = await import("./lib/shims/switch");
    if (shimOn("pooled-random-values")) poolRandomValues(); // LangChain's UUIDs: one system call per 8 KB, not per id
    const { bootstrap } = await import("./lib/bootstrap");
    await bootstrap();
  }
}
