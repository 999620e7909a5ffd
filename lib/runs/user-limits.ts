import type { Actor } from "@/lib/identity/actor";
import { sharedRateLimiter } from "@/lib/auth/shared-rate-limit";
import { positiveIntFromEnv } from "@/lib/config/env-number";
import type { RateLimiter } from "@/lib/auth/rate-limit";
import { countActiveRuns } from "@/lib/db/runs";
import { ApiError } from "@/lib/errors/api-error";

/**
 * What one person may start (README "Limits"): chats replying at once and chat starts per minute,
 * so one user's flood of requests is refused with 429 instead of slowing everyone else. The start
 * budget lives in Redis with REDIS_URL (every instance spends from it); replying chats are
 * counted in the database, which every instance shares.
 */
const DEFAULT_CONCURRENT_RUNS = 5;
const DEFAULT_CHAT_STARTS_PER_MINUTE = 30;

function concurrentRunLimit(): number {
  return positiveIntFromEnv("USER_MAX_CONCURRENT_RUNS", DEFAULT_CONCURRENT_RUNS);
}

const holder = globalThis as { __meridianChatStarts?: { perMinute: number; limiter: RateLimiter } };

function chatStarts(): { perMinute: number; limiter: RateLimiter } {
  const perMinute = positiveIntFromEnv("USER_CHAT_STARTS_PER_MINUTE", DEFAULT_CHAT_STARTS_PER_MINUTE);
  if (holder.__meridianChatStarts?.perMinute !== perMinute)
    holder.__meridianChatStarts = {
      perMinute,
      limiter: sharedRateLimiter({ perMinute, prefix: "meridian:chat-starts" }),
    };
  return holder.__meridianChatStarts;
}

/** Spends one of the actor's chat starts for this minute, or refuses with 429 and Retry-After. */
export async function takeChatStart(actor: Actor): Promise<void> {
  const { perMinute, limiter } = chatStarts();
  const decision = await limiter.take(actor.id);
  if (decision.allowed) return;
  throw new ApiError(
    "rate_limited:chat",
    `You started ${perMinute} chats within a minute, the most one person may. Try again in ${decision.retryAfterSeconds} s.`,
    { "Retry-After": String(decision.retryAfterSeconds) },
  );
}

/** Refuses (429) a new reply while the actor already has the most chats replying at once. */
export async function requireRunCapacity(actor: Actor): Promise<void> {
  const limit = concurrentRunLimit();
  const running = await countActiveRuns(actor);
  if (running < limit) return;
  throw new ApiError(
    "rate_limited:chat",
    `You have ${running} chats replying at once, the most one person may. Wait for one to finish or stop one, then try again.`,
    { "Retry-After": "5" },
  );
}
