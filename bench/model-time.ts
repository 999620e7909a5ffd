/**
 * Counts the time spent waiting for the model (request sent to last byte received) on requests to
 * `modelUrl`, so a bench can report the server's own time. The scripted model tokenizes every
 * prompt for its usage report, which grows with the history: that is the model's time, not ours.
 */
export function watchModelTime(modelUrl: string) {
  let modelMs = 0;
  const fetchBefore = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const started = performance.now();
    const res = await fetchBefore(input, init);
    if (!String(input instanceof Request ? input.url : input).startsWith(modelUrl) || !res.body) return res;
    const body = res.body.pipeThrough(
      new TransformStream({ flush: () => void (modelMs += performance.now() - started) }),
    );
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  return {
    /** Model time since the last reset, and resets it. */
    take(): number {
      const t = modelMs;
      modelMs = 0;
      return t;
    },
    restore() {
      globalThis.fetch = fetchBefore;
    },
  };
}
