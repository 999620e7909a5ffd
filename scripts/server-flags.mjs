/**
 * Node flags for the app server (`npm start` adds them; the Dockerfile sets the same in NODE_OPTIONS).
 *
 * `--max-semi-space-size=64`: V8's young generation grows to 64 MB semi-spaces instead of 16. A chat
 * allocates a few MB that die within it; with 50 chats at once the 16 MB space filled every ~45 ms
 * and each collection copied the chats still in flight (3–10 ms each). Over a load-bench run (five
 * bursts of 50 chats) the server's young-generation pauses fell from 170 collections, 661 ms, to 53,
 * 416 ms; peak resident memory 440–510 MB against 430 MB (bench/RESULTS.md, session 19). The space
 * grows only as far as the load needs it.
 *
 * A `--max-semi-space-size` in NODE_OPTIONS wins: the flag is left out then.
 */
const SEMI_SPACE_MB = 64;

/** @param {Record<string, string | undefined>} env */
export function serverNodeFlags(env) {
  return /--max-semi-space-size\b/.test(env.NODE_OPTIONS ?? "") ? [] : [`--max-semi-space-size=${SEMI_SPACE_MB}`];
}
