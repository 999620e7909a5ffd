import { chatText } from "./load-model";

export type Takeover = { firstByteMs: number; complete: boolean };

/**
 * How long another instance takes to serve a reload: a chat is started on `a` and read there
 * until its first text; then `GET /api/chat/:id/stream` on `b` (which does not execute the run)
 * is timed to its first byte, and read to its end to check it carries the whole answer.
 */
export async function takeoverTimes(a: string, b: string, token: string, count: number): Promise<Takeover[]> {
  const out: Takeover[] = [];
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  for (let i = 0; i < count; i += 1) {
    const threadId = `takeover-${i}-${crypto.randomUUID().slice(0, 8)}`;
    const started = await fetch(`${a}/api/chat`, {
      method: "POST",
      headers,
      body: JSON.stringify({
        id: threadId,
        message: { id: `m-${crypto.randomUUID()}`, role: "user", parts: [{ type: "text", text: chatText(threadId) }] },
      }),
    });
    const reader = started.body!.getReader();
    const decoder = new TextDecoder();
    let seen = "";
    while (!seen.includes('"text-delta"')) {
      const { done, value } = await reader.read();
      if (done) break;
      seen += decoder.decode(value, { stream: true });
    }
    const t0 = performance.now();
    const res = await fetch(`${b}/api/chat/${threadId}/stream`, { headers });
    const followed = res.status === 200 ? res.body!.getReader() : null;
    const first = followed ? await followed.read() : { done: true, value: undefined };
    const firstByteMs = performance.now() - t0;
    let body = first.value ? decoder.decode(first.value) : "";
    if (followed)
      for (let r = await followed.read(); !r.done; r = await followed.read()) body += decoder.decode(r.value);
    out.push({ firstByteMs, complete: body.includes('"type":"finish"') && body.includes("data: [DONE]") });
    await reader.cancel(); // A's own copy is not needed any more
  }
  return out;
}
