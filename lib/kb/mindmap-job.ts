import { registerJobHandler, PermanentJobError } from "@/lib/jobs/runner";
import type { ClaimedJob } from "@/lib/db/jobs";
import { failMindmap, loadMindmapSource, MINDMAP_JOB, saveMindmap } from "@/lib/db/kb-mindmap";
import { completeOnce, resolveCompletionModel } from "@/lib/models/complete";
import { MINDMAP_LIMITS, mindmapMessages, outlineOf, parseMindmapAnswer } from "./mindmap-prompt";

/**
 * Writes a knowledge base's mind map with its model (or the default chat model): one
 * completion over the documents' titles and headings. A network failure or an answer that is
 * not a tree is tried once more; then the knowledge base shows the reason.
 */

const kbIdOf = (job: ClaimedJob) => String(job.payload.kbId ?? "");

async function generate(job: ClaimedJob): Promise<void> {
  const kbId = kbIdOf(job);
  const source = await loadMindmapSource(kbId, MINDMAP_LIMITS);
  if (!source) return; // deleted since it was queued
  if (source.docs.length === 0) throw new PermanentJobError("The knowledge base has no indexed documents.");
  const spec = await resolveCompletionModel(source.model);
  if (!spec)
    throw new PermanentJobError(
      source.model ? `The mind map model "${source.model}" is not available.` : "No chat model is available.",
    );
  const outline = source.docs.map(outlineOf);
  const answer = await completeOnce(spec, mindmapMessages(source, outline), { maxTokens: 4000, temperature: 0.2 });
  if (!answer.ok) {
    if (answer.retryable) throw new Error(answer.error);
    throw new PermanentJobError(answer.error);
  }
  const tree = parseMindmapAnswer(answer.text, outline, source.name);
  if (!tree) throw new Error(`The model (${spec}) did not answer with a mind map. Try again, or pick another model.`);
  await saveMindmap(kbId, tree);
}

registerJobHandler(MINDMAP_JOB, {
  run: generate,
  onFailed: (job, error) => failMindmap(kbIdOf(job), error),
});
