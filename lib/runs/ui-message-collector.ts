import { readUIMessageStream, type UIMessage, type UIMessageChunk } from "ai";

/**
 * Builds the assistant UI message from the same chunks the browser receives, so the saved
 * message is exactly what the user saw (including a partial answer when a run is stopped).
 */
export class UIMessageCollector {
  private controller!: ReadableStreamDefaultController<UIMessageChunk>;
  private latest: UIMessage | undefined;
  private readonly finished: Promise<void>;

  constructor() {
    const stream = new ReadableStream<UIMessageChunk>({ start: (c) => void (this.controller = c) });
    this.finished = (async () => {
      for await (const snapshot of readUIMessageStream<UIMessage>({ stream, onError: () => {} })) {
        this.latest = snapshot;
      }
    })();
  }

  push(chunk: UIMessageChunk): void {
    this.controller.enqueue(chunk);
  }

  async finish(): Promise<UIMessage | undefined> {
    this.controller.close();
    await this.finished;
    return this.latest;
  }
}

/** The text the model streamed in its last step, or "" — what a stopped run leaves unsaved. */
export function lastStepText(message: UIMessage | undefined): string {
  if (!message) return "";
  const parts = message.parts;
  const lastStart = parts.map((p) => p.type).lastIndexOf("step-start");
  return parts
    .slice(lastStart + 1)
    .filter((p): p is { type: "text"; text: string } => p.type === "text")
    .map((p) => p.text)
    .join("");
}
