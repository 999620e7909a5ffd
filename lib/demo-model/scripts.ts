import { turnRepeat, type Turn } from "./turns";
import { messageText, type ChatRequest } from "./request-schema";

const SCRIPT_HEADER = "x-mock-script";

const MARKER = /\[\[mock:([^\]\s]+)\]\]/;

/** `text` without its script markers (a demo answer never repeats them). */
export function withoutScriptMarkers(text: string): string {
  return text.replace(new RegExp(MARKER.source, "g"), " ");
}

/**
 * Which script a chat request belongs to: the `x-mock-script` header, else the first
 * `[[mock:<key>]]` marker in system messages, then in user messages. System messages go
 * first so an agent's own prompt identifies it even when a user quotes another marker; markers
 * inside a quoted `<conversation>` transcript do not count.
 */
export function scriptKeyOfChat(request: ChatRequest, headers: Headers): string | null {
  const fromHeader = headers.get(SCRIPT_HEADER)?.trim();
  if (fromHeader) return fromHeader;
  for (const role of ["system", "developer", "user"]) {
    for (const message of request.messages) {
      if (message.role !== role) continue;
      const key = markerIn(messageText(message));
      if (key) return key;
    }
  }
  return null;
}

export function scriptKeyOfTexts(texts: string[], headers: Headers): string | null {
  const fromHeader = headers.get(SCRIPT_HEADER)?.trim();
  if (fromHeader) return fromHeader;
  for (const text of texts) {
    const key = markerIn(text);
    if (key) return key;
  }
  return null;
}

/** A transcript the app quotes back to the model (summaries, memory) is not where a request is routed. */
const QUOTED = /<conversation>[\s\S]*?<\/conversation>/g;

function markerIn(text: string): string | null {
  return MARKER.exec(text.includes("<conversation>") ? text.replace(QUOTED, "") : text)?.[1] ?? null;
}

export type ScriptStatus = { key: string; turns: number; served: number; remaining: number };

/** How the scripted model behaves beyond its turns, the way a real provider would. */
export type ScriptOptions = {
  /** Answer any request carrying an image part with a 400, as text-only providers do. */
  rejectImages?: boolean;
};

type ScriptState = { turns: Turn[]; options: ScriptOptions; position: number; servedOfTurn: number; served: number };

const MODEL_SCRIPT_PREFIX = "model:";

/**
 * The script key that serves every unmarked request for `model` — for calls the app makes
 * without the user's text, such as an OCR model reading an image.
 */
export function modelScriptKey(model: string): string {
  return `${MODEL_SCRIPT_PREFIX}${model}`;
}

/** Scripts by key; each request takes the next turn, a turn with `repeat: n` serves n requests. */
export class ScriptRegistry {
  private readonly scripts = new Map<string, ScriptState>();

  set(key: string, turns: Turn[], options: ScriptOptions = {}): void {
    this.scripts.set(key, { turns: [...turns], options: { ...options }, position: 0, servedOfTurn: 0, served: 0 });
  }

  has(key: string): boolean {
    return this.scripts.has(key);
  }

  options(key: string): ScriptOptions {
    return this.scripts.get(key)?.options ?? {};
  }

  delete(key: string): boolean {
    return this.scripts.delete(key);
  }

  clear(): void {
    this.scripts.clear();
  }

  /** The next turn of `key`, or null when the script is unknown or used up. */
  take(key: string): Turn | null {
    const state = this.scripts.get(key);
    if (!state || state.position >= state.turns.length) return null;
    const turn = state.turns[state.position];
    state.served += 1;
    state.servedOfTurn += 1;
    if (state.servedOfTurn >= turnRepeat(turn)) {
      state.position += 1;
      state.servedOfTurn = 0;
    }
    return turn;
  }

  status(): ScriptStatus[] {
    return [...this.scripts.entries()].map(([key, state]) => {
      const total = state.turns.reduce((sum, turn) => sum + turnRepeat(turn), 0);
      return { key, turns: state.turns.length, served: state.served, remaining: total - state.served };
    });
  }
}

export function exhaustedText(key: string): string {
  return `[mock] script "${key}" has no more turns`;
}
