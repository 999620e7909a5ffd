import { createHash } from "node:crypto";
import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import { BaseMessage } from "@langchain/core/messages";

const OPEN = new Uint8Array([0x5b]); // [
const COMMA = new Uint8Array([0x2c]);
const CLOSE = new Uint8Array([0x5d]);

/** One message of a history as the checkpoint stores it: its JSON and that JSON's content key. */
export type MessagePart = { json: Uint8Array; key: string };

/** 128 bits of the JSON's SHA-256, base64url: the row key of a stored message (content-addressed). */
function messageKey(json: Uint8Array): string {
  return createHash("sha256").update(json).digest("base64url").slice(0, 22);
}

/** The stock serializer's JSON of a message list: its messages' JSON between brackets. */
export function joinMessages(parts: Uint8Array[]): Uint8Array {
  const out: Uint8Array[] = [OPEN];
  parts.forEach((json, i) => {
    if (i > 0) out.push(COMMA);
    out.push(json);
  });
  out.push(CLOSE);
  return Buffer.concat(out);
}

const isMessageList = (value: unknown): value is BaseMessage[] =>
  Array.isArray(value) && value.length > 0 && value.every((m) => BaseMessage.isInstance(m));

/**
 * LangGraph's JSON serializer, except that a list of messages is serialized message by message
 * and each message object's JSON (and its content key) is remembered: a checkpoint stores the
 * whole history on every step, and all but the newest messages are the same objects as last time
 * (the history is shared with the saver's decoded cache). The bytes are exactly those of the
 * stock serializer (an array's JSON is its elements' JSON between brackets), so stock code reads
 * them back. Messages are not changed once in the history (LangGraph replaces them by id), which
 * is what makes remembering by object safe.
 */
export class MessageCachingSerializer extends JsonPlusSerializer {
  private readonly byMessage = new WeakMap<BaseMessage, MessagePart>();

  /** The list's messages as stored parts, or undefined when `value` is not a non-empty message list. */
  messageParts(value: unknown): MessagePart[] | undefined {
    if (!isMessageList(value)) return undefined;
    return value.map((message) => {
      let part = this.byMessage.get(message);
      if (!part) {
        const json = super._dumps(message);
        part = { json, key: messageKey(json) };
        // A message without an id still gets one from the messages reducer, in place.
        if (message.id) this.byMessage.set(message, part);
      }
      return part;
    });
  }

  protected override _dumps(obj: unknown): Uint8Array {
    const parts = Array.isArray(obj) && obj.length >= 2 ? this.messageParts(obj) : undefined;
    return parts ? joinMessages(parts.map((p) => p.json)) : super._dumps(obj);
  }
}
