/** Runs once when a server instance starts (not during `next build`). */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { stampPeerAddresses } = await import("./lib/http/peer-address");
    stampPeerAddresses(); // before the first request: per-address sign-in limits read it
    const { poolRandomValues } = await import("./lib/runtime/pooled-random-values");
    poolRandomValues(); // LangChain's per-call UUIDs: one system call per 8 KB, not per id
    const { bootstrap } = await import("./lib/bootstrap");
    await bootstrap();
  }
}
