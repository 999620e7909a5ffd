import { classifyModelError } from "./model-errors";
import { resolveEnvModelName } from "./model-spec";
import { listActiveProviders } from "./providers";
import { ENV_PROVIDER_ID } from "./env-provider";

// Client errors that never mean "this model cannot take images", whatever their text says.
const NOT_A_CONTENT_ERROR = new Set([401, 402, 403, 404, 408, 409, 413, 429]);

/**
 * A provider refusing image input: a 4xx whose message talks about images, vision or
 * multimodal content ("image_url is not supported", "unknown variant `image_url`, expected
 * `text`", "does not support multimodal input"). Not retryable: the same request fails again.
 */
export function isImageInputRefusal(err: unknown): boolean {
  const c = classifyModelError(err);
  if (c.status === null || c.status < 400 || c.status >= 500 || NOT_A_CONTENT_ERROR.has(c.status)) return false;
  if (c.contextOverflow) return false;
  const m = c.message;
  if (!/image|vision|multi-?modal/i.test(m)) return false;
  // A bad image (corrupt, too big, odd format) is not a model that cannot see images.
  if (/format|corrupt|decod|too large|exceed|dimension|resolution|invalid image|malformed/i.test(m)) return false;
  return /not supported|unsupported|only supported|does not support|doesn't support|not allowed|unknown variant|expected .?text|not accept|cannot accept|not enabled|no vision/i.test(
    m,
  );
}

const IMAGE_REFUSAL_TTL_MS = 30 * 60_000;

/** Model specs that refused image input lately, so later runs skip the failing first call. */
export class ImageRefusalMemory {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly ttlMs = IMAGE_REFUSAL_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  remember(spec: string): void {
    this.until.set(spec, this.now() + this.ttlMs);
  }

  refused(spec: string): boolean {
    const until = this.until.get(spec);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(spec);
    return false;
  }
}

/** In-process memory shared by every run of this server. */
export const imageRefusals = new ImageRefusalMemory();

/**
 * The model `ocr_parse_file` sends images to: `OCR_MODEL`, a `provider:model` spec or a bare
 * model id on the env provider (like LLM_FALLBACK_MODEL). Null when not configured.
 */
export async function ocrModelSpec(): Promise<string | null> {
  const name = process.env.OCR_MODEL?.trim();
  if (!name) return null;
  const known = new Set((await listActiveProviders()).map((p) => p.id));
  return resolveEnvModelName(name, known, ENV_PROVIDER_ID);
}
