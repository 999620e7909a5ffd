import { createMiddleware, type AgentMiddleware } from "langchain";
import { AIMessage, SystemMessage } from "@langchain/core/messages";
import { Command, getCurrentTaskInput, isCommand } from "@langchain/langgraph";

type ModelRequest = {
  systemPrompt?: string;
  systemMessage: SystemMessage;
  state: Record<string, unknown>;
} & Record<string | symbol, unknown>;
type ModelHandler = (request: ModelRequest) => Promise<unknown>;
type WrapModelCall = (request: ModelRequest, handler: ModelHandler) => Promise<unknown>;

/** Where the composed chain leaves the commands its wrappers returned, for the collector outside it. */
const COMMANDS = Symbol("meridian.modelCallCommands");

/** The running node's input state (empty outside a graph, as in unit tests of a wrapper). */
function nodeInput(): Record<string, unknown> {
  try {
    return (getCurrentTaskInput() as Record<string, unknown> | undefined) ?? {};
  } catch {
    return {};
  }
}

/**
 * One system message for a request a wrapper passed on, as LangChain does between its own
 * wrappers: a changed `systemPrompt` string becomes the message, a changed `systemMessage`
 * gives the string; changing both at once is an error.
 */
function normalizeSystem(next: ModelRequest, before: SystemMessage, name: string): ModelRequest {
  const promptChanged = next.systemPrompt !== before.text;
  const messageChanged = next.systemMessage !== before;
  if (promptChanged && messageChanged)
    throw new Error(`"${name}" changed both systemPrompt and systemMessage in the same request.`);
  if (!promptChanged && !messageChanged) return next;
  const message = promptChanged
    ? new SystemMessage({ content: [{ type: "text", text: next.systemPrompt ?? "" }] })
    : new SystemMessage({ ...next.systemMessage });
  return { ...next, systemPrompt: message.text, systemMessage: message };
}

/** The state updates of several commands as one; only plain updates of distinct keys (and messages) merge. */
export function mergedCommand(commands: Command[]): Command {
  if (commands.length === 1) return commands[0];
  const update: Record<string, unknown> = {};
  for (const command of commands) {
    const goes = Array.isArray(command.goto) ? command.goto.length > 0 : command.goto !== undefined;
    if (goes || command.graph !== undefined || command.resume !== undefined || Array.isArray(command.update)) {
      throw new Error("A model-call wrapper returned a command that is not a plain state update.");
    }
    for (const [key, value] of Object.entries(command.update ?? {})) {
      if (key === "messages") update.messages = [...((update.messages as unknown[]) ?? []), ...(value as unknown[])];
      else if (key in update) throw new Error(`Two model-call wrappers updated "${key}" in the same call.`);
      else update[key] = value;
    }
  }
  return new Command({ update });
}

/**
 * The chain's model-call wrappers as two LangChain middleware instead of one each. LangChain
 * runs every wrapper in a layer of its own that parses the whole state against that middleware's
 * schema (building the schema again for a `StateSchema`), freezes a runtime and indexes every
 * tool, at every model call: 0.1–0.3 ms a call for twelve wrappers (bench/RESULTS.md). Here the
 * wrappers call each other directly, outermost first, with LangChain's bookkeeping between them:
 *  - the system prompt string and message are made one again after each wrapper;
 *  - each wrapper sees the model node's whole input state (`request.state`);
 *  - a command a wrapper returns is kept and its outer wrappers get the last AI message instead;
 *  - LangChain gets the AI message as the chain's answer, and the kept commands from the
 *    `ModelCallCommands` middleware just outside it, merged into one.
 */
export function composedModelCalls(chain: readonly AgentMiddleware[]): AgentMiddleware[] {
  const wrappers = chain.flatMap((m) => {
    const wrap = (m as unknown as { wrapModelCall?: WrapModelCall }).wrapModelCall;
    return wrap ? [{ name: m.name, wrap }] : [];
  });
  if (wrappers.length === 0) return [];

  const collector = createMiddleware({
    name: "ModelCallCommands",
    wrapModelCall: async (request, handler) => {
      const commands: Command[] = [];
      const answer = await handler({ ...request, [COMMANDS]: commands } as typeof request);
      return commands.length === 0 ? answer : mergedCommand(commands);
    },
  });

  const composed: WrapModelCall = async (request, handler) => {
    const entry = request.systemMessage;
    const state = { ...nodeInput(), ...request.state };
    const kept: Command[] = [];
    const keep = (command: Command) => void (kept.includes(command) || kept.push(command));
    let lastAi: AIMessage | null = null;

    const layer = async (i: number, req: ModelRequest): Promise<unknown> => {
      if (i === wrappers.length) {
        // LangChain compares with the prompt string it passed in: only the message changed.
        const answer = await handler(req.systemMessage === entry ? req : { ...req, systemPrompt: entry.text });
        if (AIMessage.isInstance(answer)) lastAi = answer;
        return answer;
      }
      const { name, wrap } = wrappers[i];
      const inner: ModelHandler = async (next) => {
        const answer = await layer(i + 1, normalizeSystem(next, req.systemMessage, name));
        if (isCommand(answer) && lastAi) {
          keep(answer);
          return lastAi;
        }
        return answer;
      };
      const response = await wrap({ ...req, state }, inner);
      if (AIMessage.isInstance(response)) lastAi = response;
      else if (isCommand(response)) keep(response);
      return response;
    };

    const response = await layer(0, { ...request, state });
    const collected = request[COMMANDS] as Command[] | undefined;
    if (!collected) return response; // no collector outside (a wrapper test): LangChain's own rules apply
    if (isCommand(response) && !lastAi) {
      // No AI message at all: the command itself is the answer, and LangChain keeps it.
      collected.push(...kept.filter((c) => c !== response));
      return response;
    }
    collected.push(...kept);
    return isCommand(response) ? lastAi : response;
  };

  // A wrapper that declares a context schema would get its context parsed by LangChain: not composed here.
  const withContext = chain.find((m) => m.contextSchema && (m as { wrapModelCall?: unknown }).wrapModelCall);
  if (withContext)
    throw new Error(`"${withContext.name}" declares a context schema: its model-call wrapper needs its own layer.`);
  const chainMiddleware = createMiddleware({
    name: "ModelCallChain",
    wrapModelCall: composed,
  } as unknown as Parameters<typeof createMiddleware>[0]);
  return [collector as AgentMiddleware, chainMiddleware as AgentMiddleware];
}
