import { errorResponse, faultResponse } from "./faults";
import type { Handled } from "./request-log";
import { describeIssues, embeddingsRequestSchema, type EmbeddingsRequest } from "./request-schema";
import { scriptKeyOfTexts, type ScriptRegistry } from "./scripts";
import { isFaultTurn } from "./turns";
import { countTokens } from "./usage";

export type EmbeddingsContext = { scripts: ScriptRegistry; dimensions: number };

type EmbeddingsResponse = {
  object: "list";
  data: { object: "embedding"; index: number; embedding: number[] | string }[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
};

const segmenter = new Intl.Segmenter(undefined, { granularity: "word" });

/**
 * A deterministic lexical embedding: each normalized word (CJK-aware via Intl.Segmenter) and
 * each pair of neighbouring words is a feature hashed to a position with a ±1 sign, weighted
 * 1 + ln(count), then the vector is L2-normalised. Texts sharing words get a high cosine
 * similarity and texts sharing phrases a higher one, so retrieval tests rank predictably and the
 * offline demo's search by meaning finds passages (bench/kb.ts measures how well).
 */
export function embedText(text: string, dimensions: number): number[] {
  const counts = new Map<string, number>();
  const words = wordsOf(text);
  words.forEach((word, i) => {
    counts.set(word, (counts.get(word) ?? 0) + 1);
    if (i > 0) {
      const pair = `${words[i - 1]} ${word}`;
      counts.set(pair, (counts.get(pair) ?? 0) + 1);
    }
  });
  const vector = new Array<number>(dimensions).fill(0);
  for (const [feature, count] of counts) {
    const hash = fnv1a(feature);
    vector[hash % dimensions] += (hash & 0x80000000 ? -1 : 1) * (1 + Math.log(count));
  }
  const norm = Math.hypot(...vector);
  // An empty text still gets a unit vector: a zero vector has no cosine distance.
  if (norm === 0) return vector.map((_, i) => (i === 0 ? 1 : 0));
  return vector.map((value) => value / norm);
}

function embeddingsBody(request: EmbeddingsRequest, defaultDimensions: number): EmbeddingsResponse {
  const inputs = typeof request.input === "string" ? [request.input] : request.input;
  const dimensions = request.dimensions ?? defaultDimensions;
  const tokens = inputs.reduce((sum, text) => sum + countTokens(text), 0);
  return {
    object: "list",
    data: inputs.map((text, index) => {
      const vector = embedText(text, dimensions);
      return {
        object: "embedding",
        index,
        embedding: request.encoding_format === "base64" ? toBase64Float32(vector) : vector,
      };
    }),
    model: request.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}

function wordsOf(text: string): string[] {
  const normalized = text.normalize("NFKC").toLowerCase();
  const words: string[] = [];
  for (const { segment, isWordLike } of segmenter.segment(normalized)) if (isWordLike) words.push(segment);
  return words;
}

/** FNV-1a over UTF-16 code units. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

// The openai SDK asks for base64 by default and decodes little-endian float32.
function toBase64Float32(vector: number[]): string {
  const bytes = new DataView(new ArrayBuffer(vector.length * 4));
  vector.forEach((value, i) => bytes.setFloat32(i * 4, value, true));
  return Buffer.from(bytes.buffer).toString("base64");
}

/**
 * POST /embeddings. A request carrying a script key (header or marker in an input) takes a
 * turn, so a test can make indexing fail with a fault turn; other turns just embed.
 */
export function handleEmbeddings(body: unknown, headers: Headers, ctx: EmbeddingsContext): Handled {
  const parsed = embeddingsRequestSchema.safeParse(body);
  if (!parsed.success) {
    return { response: errorResponse(400, { message: describeIssues(parsed.error) }), key: null, model: null };
  }
  const request = parsed.data;
  const key = scriptKeyOfTexts(typeof request.input === "string" ? [request.input] : request.input, headers);
  const turn = key === null ? null : ctx.scripts.take(key);
  const response =
    turn && isFaultTurn(turn) ? faultResponse(turn) : Response.json(embeddingsBody(request, ctx.dimensions));
  return { response, key, model: request.model };
}
