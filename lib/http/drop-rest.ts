/**
 * Past a body's cap, the rest is read and dropped before answering (as Node does itself for a
 * body nobody reads): Next closes the connection once the answer is sent, and a close with
 * unread bytes resets it, so the client could lose the 413. Past this much the connection is cut.
 */
export const DROP_MAX_BYTES = 64 * 1024 * 1024;

export async function dropRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    for (let dropped = 0; dropped <= DROP_MAX_BYTES;) {
      const { done, value } = await reader.read();
      if (done) return;
      dropped += value.byteLength;
    }
    await reader.cancel();
  } catch {
    // The client went away: nothing left to read.
  }
}
