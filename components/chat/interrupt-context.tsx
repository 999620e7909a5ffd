"use client";

import { createContext, useContext } from "react";
import type { InterruptPartData } from "@/lib/agent/interrupt-payloads";
import type { RunStatusData } from "@/lib/agent/ui-parts";
import type { ResumeBody } from "@/lib/runs/resume-payload";

export type InterruptActions = {
  /** The thread's current run as the status panel knows it: a form is open while it is interrupted. */
  run: RunStatusData | null;
  busy: boolean;
  /** Sends the answer; resolves once the server accepted it and the resumed run streams into the chat. */
  answer(data: InterruptPartData, body: ResumeBody): Promise<void>;
};

const InterruptActionsContext = createContext<InterruptActions | null>(null);

export const InterruptActionsProvider = InterruptActionsContext.Provider;

export function useInterruptActions(): InterruptActions | null {
  return useContext(InterruptActionsContext);
}
