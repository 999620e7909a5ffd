import type { ModelSwitchData, RunStatusData } from "@/lib/agent/ui-parts";
import type { MeridianUIMessage } from "@/components/api/types";

type Part = MeridianUIMessage["parts"][number];

export function textOfMessage(message: MeridianUIMessage): string {
  return message.parts
    .filter((part): part is Extract<Part, { type: "text" }> => part.type === "text")
    .map((part) => part.text)
    .join("\n\n");
}

/** The run status this message carries (its last `data-run` part). */
export function runOfMessage(message: MeridianUIMessage | undefined): RunStatusData | null {
  if (!message) return null;
  for (let i = message.parts.length - 1; i >= 0; i--) {
    const part = message.parts[i];
    if (part.type === "data-run") return part.data;
  }
  return null;
}

/** The fallback model the message's run last switched to (its last `data-model-switch` part). */
export function modelSwitchOfMessage(message: MeridianUIMessage | undefined): ModelSwitchData | null {
  if (message?.role !== "assistant") return null;
  for (let i = message.parts.length - 1; i >= 0; i--) {
    const part = message.parts[i];
    if (part.type === "data-model-switch") return part.data;
  }
  return null;
}

/** Whether a message has anything the user can see yet (data parts are not shown inline). */
export function hasVisibleContent(message: MeridianUIMessage): boolean {
  return message.parts.some(
    (part) =>
      (part.type === "text" && part.text.trim().length > 0) ||
      part.type === "reasoning" ||
      part.type === "file" ||
      part.type === "dynamic-tool" ||
      part.type.startsWith("tool-") ||
      part.type === "data-compression" ||
      part.type === "data-subagent" ||
      part.type === "data-artifacts",
  );
}
