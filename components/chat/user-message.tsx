import { Paperclip } from "lucide-react";
import type { MeridianUIMessage } from "@/components/api/types";

export function UserMessage({ message }: { message: MeridianUIMessage }) {
  const files = message.parts.filter((part) => part.type === "file");
  const text = message.parts
    .map((part) => (part.type === "text" ? part.text : ""))
    .join("")
    .trim();

  return (
    <div className="flex animate-fade-in justify-end" data-testid="message-user" data-message-id={message.id}>
      <div className="flex max-w-[85%] flex-col items-end gap-1.5 sm:max-w-[75%]">
        {files.map((file, index) => (
          <span
            key={index}
            className="inline-flex items-center gap-1.5 rounded-lg border border-border bg-card px-2.5 py-1 text-xs text-muted-foreground"
          >
            <Paperclip className="size-3.5" aria-hidden />
            {file.filename ?? file.mediaType}
          </span>
        ))}
        {text && (
          <div className="rounded-3xl rounded-br-lg bg-muted px-4 py-2.5 text-[15px] leading-relaxed break-words whitespace-pre-wrap">
            {text}
          </div>
        )}
      </div>
    </div>
  );
}
