/**
 * Reads until `done` holds or `ms` pass, then returns the last value read (the test's assertion
 * on it says what was wrong). For state that background jobs change.
 */
export async function readUntil<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  opts: { ms?: number; everyMs?: number } = {},
): Promise<T> {
  const end = Date.now() + (opts.ms ?? 20_000);
  for (;;) {
    const v = await read();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 50));
  }
}
