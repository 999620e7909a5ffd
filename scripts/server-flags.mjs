/**
 * Node flags for the app server (`npm start` adds them; the image's command line gives the same).
 *
 * `--max-semi-space-size=64`: V8's young generation grows to 64 MB semi-spaces instead of 16. A chat
 * allocates a few MB that die within it; with 50 chats at once the 16 MB space filled every ~45 ms
 * and each collection copied the chats still in flight (3–10 ms each). Over a load-bench run (five
 * bursts of 50 chats) the server's young-generation pauses fell from 170 collections, 661 ms, to 53,
 * 416 ms; peak resident memory 440–510 MB against 430 MB (bench/RESULTS.md, session 19).
 *
 * `--min-semi-space-size=32`: the young generation does not shrink below 32 MB semi-spaces while the
 * server is quiet. Without it V8 gives the space back when idle, and the first burst after a quiet
 * spell ran in a small space again: 50 chats after 16 s of single chats, first text byte p50
 * 275–382 ms (median ~334) against 252–290 ms with it; ~30–60 MB more resident memory at rest
 * (bench/RESULTS.md, session 20). Node accepts this one only on its command line, not in NODE_OPTIONS.
 *
 * A `--max-semi-space-size` in NODE_OPTIONS wins: both flags are left out then (the operator sized
 * the young generation).
 */
const SEMI_SPACE_MB = 64;
const MIN_SEMI_SPACE_MB = 32;

/** @param {Record<string, string | undefined>} env */
export function serverNodeFlags(env) {
  return /--max-semi-space-size\b/.test(env.NODE_OPTIONS ?? "")
    ? []
    : [`--max-semi-space-size=${SEMI_SPACE_MB}`, `--min-semi-space-size=${MIN_SEMI_SPACE_MB}`];
}
