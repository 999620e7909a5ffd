"use client";

import { Play, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { memo } from "react";
import { IconButton } from "@/components/ui/icon-button";
import type { MeridianUIMessage } from "@/components/api/types";
import { LogoMark } from "@/components/brand/logo";
import { ArtifactCards } from "./artifact-cards";
import { CopyButton } from "./copy-button";
import { InterruptPart, toolCallsInForms } from "./interrupt-part";
import { Markdown } from "./markdown";
import { ModelSwitchNote } from "./model-switch-note";
import { hasVisibleContent, modelSwitchOfMessage, runOfMessage, textOfMessage } from "./message-parts";
import { FeedbackButtons, MessageStamp } from "./message-actions";
import { metaOf } from "./message-meta";
import { Reasoning } from "./reasoning";
import { RunNotice } from "./run-notice";
import { CompressionNote, SubagentNote } from "./stream-notes";
import { ThinkingIndicator } from "./thinking-indicator";
import { ToolCard } from "./tool-card";
import { isStoppedRun, latestPlanCallOf } from "./live-run";
import { asToolPart, type AnyToolPart } from "./tool-part";
import { KbSources, sourcesOfMessage } from "./kb-sources";
import { toolCallOfSubagentPart } from "@/lib/agent/ui-parts";

type Part = MeridianUIMessage["parts"][number];
type Block = { kind: "tools"; parts: AnyToolPart[] } | { kind: "part"; part: Part; index: number };

/** Consecutive tool calls form one tight stack; everything else stays a block of its own. */
function toBlocks(parts: Part[], hidden: Set<string>): Block[] {
  const blocks: Block[] = [];
  parts.forEach((part, index) => {
    const tool = asToolPart(part);
    if (tool && hidden.has(tool.toolCallId)) return;
    const last = blocks.at(-1);
    if (tool && last?.kind === "tools") last.parts.push(tool);
    else if (tool) blocks.push({ kind: "tools", parts: [tool] });
    else blocks.push({ kind: "part", part, index });
  });
  return blocks;
}

function Parts({ message, streaming }: { message: MeridianUIMessage; streaming: boolean }) {
  const lastIndex = message.parts.length - 1;
  // The answer's latest plan shows a step its cancelled or failed run left in progress as stopped.
  const stoppedPlan =
    !streaming && isStoppedRun(runOfMessage(message)?.status) ? latestPlanCallOf(message)?.toolCallId : null;
  const hidden = toolCallsInForms(message.parts);
  // A `task` call shows as its subagent's card (with the transcript), not as a second tool card.
  for (const part of message.parts)
    if (part.type === "data-subagent") {
      const call = toolCallOfSubagentPart(part.id);
      if (call) hidden.add(call);
    }
  return toBlocks(message.parts, hidden).map((block) => {
    if (block.kind === "tools") {
      return (
        <div key={block.parts[0].toolCallId} className="flex flex-col gap-1.5">
          {block.parts.map((tool) => (
            <ToolCard key={tool.toolCallId} part={tool} stopped={tool.toolCallId === stoppedPlan} />
          ))}
        </div>
      );
    }
    const { part, index } = block;
    const key = `${message.id}-${index}`;
    if (part.type === "text") return part.text.trim() ? <Markdown key={key} text={part.text} /> : null;
    if (part.type === "reasoning") {
      return (
        <Reasoning
          key={key}
          text={part.text}
          streaming={streaming && (part.state === "streaming" || index === lastIndex)}
        />
      );
    }
    if (part.type === "data-compression") return <CompressionNote key={part.id ?? key} data={part.data} />;
    if (part.type === "data-subagent") return <SubagentNote key={part.id ?? key} data={part.data} />;
    if (part.type === "data-interrupt") return <InterruptPart key={part.id ?? key} data={part.data} />;
    if (part.type === "data-artifacts")
      return <ArtifactCards key={part.id ?? key} artifacts={part.data.artifacts ?? []} />;
    if (part.type === "data-model-switch") return <ModelSwitchNote key={part.id ?? key} data={part.data} />;
    // kb-sources are listed under the answer; run, todos, token-usage and skills feed the status
    // panel and the run notice, not the transcript.
    return null;
  });
}

export const AssistantMessage = memo(function AssistantMessage({
  message,
  threadId,
  streaming,
  onRegenerate,
  onContinue,
}: {
  message: MeridianUIMessage;
  threadId: string;
  streaming: boolean;
  /** Given for the last answer when no run is going: answer the question again. */
  onRegenerate?: (messageId: string) => void;
  /** Given for the last answer when the user stopped it: let it go on. */
  onContinue?: () => void;
}) {
  const t = useTranslations("chat");
  const run = runOfMessage(message);
  const text = textOfMessage(message);
  const visible = hasVisibleContent(message);
  const meta = metaOf(message);
  // The model that answered: the fallback it switched to, else the one asked.
  const model = modelSwitchOfMessage(message)?.to ?? meta.modelSpec;
  // Saved answers only (a run's answer is stored when it ends): the rating is kept on the server.
  const rateable = !streaming && !!run && run.status !== "pending" && run.status !== "running";

  return (
    <div
      className="group/message flex animate-fade-in gap-3.5"
      data-testid="message-assistant"
      data-message-id={message.id}
    >
      <LogoMark className="mt-0.5 hidden size-7 sm:block" />
      <div className="flex min-w-0 flex-1 flex-col gap-2.5 text-[15px]">
        <Parts message={message} streaming={streaming} />
        <KbSources sources={sourcesOfMessage(message)} />
        {streaming && !visible && <ThinkingIndicator />}
        {run && !streaming && <RunNotice run={run} />}
        {!streaming && onContinue && (
          <div>
            <button
              type="button"
              onClick={onContinue}
              className="inline-flex h-8 items-center gap-1.5 rounded-full border border-border px-3 text-sm font-medium transition-colors hover:bg-muted"
              data-testid="message-continue"
            >
              <Play className="size-3.5" aria-hidden />
              {t("continue")}
            </button>
          </div>
        )}
        {!streaming && (text || onRegenerate || rateable) && (
          <div
            className="-ml-1.5 flex h-7 min-w-0 items-center opacity-0 transition-opacity group-hover/message:opacity-100 focus-within:opacity-100 [@media(hover:none)]:opacity-100"
            data-testid="message-actions"
          >
            {text && <CopyButton text={text} testId="message-copy" />}
            {onRegenerate && (
              <IconButton
                size="sm"
                label={t("regenerate")}
                icon={<RefreshCw />}
                tooltipSide="top"
                onClick={() => onRegenerate(message.id)}
                data-testid="message-regenerate"
              />
            )}
            {rateable && <FeedbackButtons threadId={threadId} messageId={message.id} initial={meta.feedback} />}
            <MessageStamp createdAt={meta.createdAt} model={model} />
          </div>
        )}
      </div>
    </div>
  );
});
