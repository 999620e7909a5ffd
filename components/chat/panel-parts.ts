import type { MeridianDataParts, RunStatusData, TodoItem, TokenUsageState } from "@/lib/agent/ui-parts";
import { skillsFromStream, type ActiveSkillsState } from "@/components/panels/active-skills-state";
import { subagentsFromStream, type SubagentEntry } from "@/components/panels/subagents-state";
import type { DelegatedTaskView } from "@/lib/db/delegated-tasks";

/** What the status panel keeps of the thread: read from its state, then patched by stream parts. */
export type ThreadPanelState = {
  todos: TodoItem[];
  tokenUsage: TokenUsageState | null;
  run: RunStatusData | null;
  skills: ActiveSkillsState;
  subagents: SubagentEntry[];
  /** Coordinator mode's delegated tasks, as last read from the server (newest first). */
  tasks: DelegatedTaskView[];
  loaded: boolean;
};

type DataPart = {
  [K in keyof MeridianDataParts]: { type: `data-${K}`; id?: string; data: MeridianDataParts[K] };
}[keyof MeridianDataParts];

/** The panel after one streamed part; parts the panel does not show leave it as it was. */
export function applyPanelPart(
  current: ThreadPanelState,
  part: { type: string; id?: string; data?: unknown },
): ThreadPanelState {
  const typed = part as DataPart;
  switch (typed.type) {
    case "data-run":
      return { ...current, run: typed.data };
    case "data-todos":
      return { ...current, todos: typed.data.todos ?? [] };
    case "data-token-usage":
      return { ...current, tokenUsage: typed.data };
    case "data-skills":
      return { ...current, skills: skillsFromStream(current.skills, typed.data) };
    case "data-subagent":
      return { ...current, subagents: subagentsFromStream(current.subagents, typed.data, typed.id) };
    default:
      return current;
  }
}
