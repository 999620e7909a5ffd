export function summarize(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
  return { n: sorted.length, mean, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export const ms = (x: number) => `${x.toFixed(2)} ms`;
