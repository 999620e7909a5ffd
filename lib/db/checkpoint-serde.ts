import { JsonPlusSerializer } from "@langchain/langgraph-checkpoint";
import { BaseMessage } from "@langchain/core/messages";

const OPEN = new Uint8Array([0x5b]); // [
const COMMA = new Uint8Array([0x2c]);
const CLOSE = new Uint8Array([0x5d]);

/**
 * LangGraph's JSON serializer, except that a list of messages is written message by message and
 * each message object's JSON is remembered: a checkpoint rewrites the whole history on every
 * run, and all but the newest messages are the same objects as last time (the history is
 * shared with the saver's decoded cache). The bytes are exactly those of the stock serializer
 * (an array's JSON is its elements' JSON between brackets), so stock code reads them back.
 * Messages are not changed once in the history (LangGraph replaces them by id), which is what
 * makes remembering by object safe.
 */
export class MessageCachingSerializer extends JsonPlusSerializer {
  private readonly byMessage = new WeakMap<BaseMessage, Uint8Array>();

  protected override _dumps(obj: unknown): Uint8Array {
    if (!Array.isArray(obj) || obj.length < 2 || !obj.every((m) => BaseMessage.isInstance(m))) return super._dumps(obj);
    const parts: Uint8Array[] = [OPEN];
    for (const [i, message] of (obj as BaseMessage[]).entries()) {
      let json = this.byMessage.get(message);
      if (!json) {
        json = super._dumps(message);
        // A message without an id still gets one from the messages reducer, in place.
        if (message.id) this.byMessage.set(message, json);
      }
      if (i > 0) parts.push(COMMA);
      parts.push(json);
    }
    parts.push(CLOSE);
    return Buffer.concat(parts);
  }
}
