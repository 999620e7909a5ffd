import { ChatOpenAI, ChatOpenAICompletions } from "@langchain/openai";
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { findProviderForSpec } from "@/lib/models/providers";
import {
  ALLOWED_REQUEST_OVERRIDES,
  DEFAULT_CONTEXT_WINDOW,
  sanitizeRequestOverrides,
} from "@/lib/models/model-constants";
import { ApiError } from "@/lib/errors/api-error";
import { countTextTokens } from "@/lib/agent/token-count";

/** What the middleware needs to know about a model beyond the LangChain object. */
export type ModelInfo = {
  spec: string;
  providerId: string;
  modelId: string;
  contextWindow: number;
  /** Tokens streamed so far by this model instance: retries and switches happen only before the first. */
  streamedTokens: number;
  /**
   * Model id the provider answered with on the last call. On the streaming path LangChain keeps
   * it only in the generation info, which never reaches the returned message.
   */
  lastResponseModel: string | null;
};

const infoByModel = new WeakMap<object, ModelInfo>();

export function modelInfo(model: unknown): ModelInfo | undefined {
  return model && typeof model === "object" ? infoByModel.get(model) : undefined;
}

export { ALLOWED_REQUEST_OVERRIDES };

/**
 * LangChain estimates usage with tokenizer tables it downloads at run time (unreachable
 * offline: ~90 s stall per call). Count with the local BPE tokenizer instead.
 */
class LocalTokenCountCompletions extends ChatOpenAICompletions {
  /** The instance's ModelInfo, kept up to date as chunks stream (no callback handler per token). */
  info?: ModelInfo;

  override async getNumTokens(content: Parameters<ChatOpenAICompletions["getNumTokens"]>[0]): Promise<number> {
    return countTextTokens(typeof content === "string" ? content : JSON.stringify(content));
  }

  /**
   * Counts what streams and notes the model that answered, as each chunk passes. A callback
   * handler would cost a callback round (a queued task per handler) for every chunk.
   */
  override async *_streamResponseChunks(
    ...args: Parameters<ChatOpenAICompletions["_streamResponseChunks"]>
  ): ReturnType<ChatOpenAICompletions["_streamResponseChunks"]> {
    const info = this.info;
    if (info) info.lastResponseModel = null;
    for await (const chunk of super._streamResponseChunks(...args)) {
      if (info) {
        info.streamedTokens++;
        const name = chunk.generationInfo?.model_name;
        if (typeof name === "string") info.lastResponseModel = name;
      }
      yield chunk;
    }
  }
}

/**
 * loadChatModel(spec): an OpenAI-compatible chat model (Chat Completions) with usage
 * streaming on and the client's own retries off — retries belong to the retry middleware.
 */
export async function loadChatModel(spec: string): Promise<BaseChatModel> {
  const found = await findProviderForSpec(spec);
  if (!found) throw new ApiError("bad_request:model", `Model "${spec}" is not available.`);
  const { provider, model: entry } = found;
  const info: ModelInfo = {
    spec,
    providerId: provider.id,
    modelId: entry.id,
    contextWindow: entry.contextWindow ?? DEFAULT_CONTEXT_WINDOW,
    streamedTokens: 0,
    lastResponseModel: null,
  };
  const fields = {
    model: entry.id,
    apiKey: provider.apiKey ?? "not-needed",
    configuration: { baseURL: provider.baseUrl },
    streaming: true,
    streamUsage: true,
    maxRetries: 0,
    timeout: Number(process.env.LLM_TIMEOUT_MS) || 300_000,
    modelKwargs: sanitizeRequestOverrides(provider.requestOverrides),
    metadata: { meridianSpec: spec },
  };
  // ChatOpenAI delegates to this object, and copies keep it (withConfig/bindTools reuse fields).
  const completions = new LocalTokenCountCompletions(fields);
  completions.info = info;
  const model = new ChatOpenAI({ ...fields, completions });
  infoByModel.set(model, info);
  return model;
}
