import type { ResumeBody } from "@/lib/runs/resume-payload";

/** What every card for a paused run (approval, question) receives. */
export type InterruptCardProps<Data> = {
  data: Data;
  /** This card belongs to the run's latest pause, so its answer resumes the run. */
  actionable: boolean;
  /** The run moved on without this decision. */
  closed: boolean;
  onSubmit: (body: ResumeBody) => Promise<void>;
};
