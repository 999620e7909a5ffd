"use client";

import { LoaderCircle, Search, SearchX } from "lucide-react";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { controlClass, FormError } from "@/components/forms/fields";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Segmented } from "@/components/ui/segmented";
import { kbsApi, type KbQueryMode, type KbSearchHit, type KbView, type KeywordOnlyKind } from "./api";
import { kbHref } from "./kb-links";
import { RetrievalResult } from "./retrieval-result";

type Outcome = {
  query: string;
  results: KbSearchHit[];
  ranAs: KbQueryMode;
  reranked?: boolean;
  keywordOnly?: KeywordOnlyKind;
} | null;

const MODES: KbQueryMode[] = ["hybrid", "vector", "bm25"];

/**
 * The Retrieval test tab: a query and a mode in, ranked passages out. The query rides in the
 * address (`&q=&mode=`), so Back from an opened result shows the same results again.
 */
export function KbRetrieval({ kb }: { kb: KbView }) {
  const t = useTranslations("kbs.retrieval");
  const router = useRouter();
  const params = useSearchParams();
  const errorMessage = useErrorMessage();
  const inputId = useId();
  const asked = params.get("q") ?? "";
  const dense = Boolean(kb.embeddingModel);
  const addressed = params.get("mode") as KbQueryMode | null;
  const askedMode: KbQueryMode =
    addressed && MODES.includes(addressed) && (addressed !== "vector" || dense) ? addressed : "hybrid";
  const [query, setQuery] = useState(asked);
  const [mode, setMode] = useState<KbQueryMode>(askedMode);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async (text: string, how: KbQueryMode) => {
      setPending(true);
      setError(null);
      try {
        const answer = await kbsApi.query(kb.id, { query: text, mode: how });
        setOutcome({
          query: text,
          results: answer.results,
          ranAs: answer.mode,
          reranked: answer.reranked,
          keywordOnly: answer.keywordOnly?.kind,
        });
      } catch (err) {
        setError(errorMessage(err));
      } finally {
        setPending(false);
      }
    },
    [kb.id, errorMessage],
  );

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- runs the query the address carries; state is set when it answers
    if (asked.trim()) void run(asked, askedMode);
  }, [asked, askedMode, run]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = query.trim();
    if (!text) return setError(t("required"));
    if (text === asked && mode === askedMode) return void run(text, mode);
    router.replace(kbHref(kb.id, "retrieval", { q: text, mode }), { scroll: false });
  }

  return (
    <div className="space-y-5" data-testid="kb-retrieval">
      <form onSubmit={submit} noValidate className="space-y-3">
        <label htmlFor={inputId} className="block text-sm font-medium">
          {t("queryLabel")}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={inputId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            maxLength={2000}
            placeholder={t("placeholder")}
            className={cn(controlClass, "min-w-0 sm:flex-1")}
            data-testid="kb-query-input"
          />
          <div className="flex items-center gap-2">
            <Segmented<KbQueryMode>
              value={mode}
              onChange={setMode}
              label={t("modeLabel")}
              options={[
                {
                  value: "hybrid",
                  label: t("modes.hybrid"),
                  title: t(dense ? "modeHints.hybrid" : "modeHints.hybridKeywordOnly"),
                },
                ...(dense
                  ? [{ value: "vector" as const, label: t("modes.vector"), title: t("modeHints.vector") }]
                  : []),
                { value: "bm25", label: t("modes.bm25"), title: t("modeHints.bm25") },
              ]}
              className="h-10 flex-1 sm:flex-none"
              data-testid="kb-query-mode"
            />
            <Button type="submit" disabled={pending} className="h-10" data-testid="kb-query-submit">
              {pending ? (
                <LoaderCircle className="size-4 animate-spin" aria-hidden />
              ) : (
                <Search className="size-4" aria-hidden />
              )}
              {t("submit")}
            </Button>
          </div>
        </div>
        <p className="text-xs text-muted-foreground">{t("hint")}</p>
      </form>
      <FormError message={error} data-testid="kb-query-error" />
      {outcome && (
        <section aria-labelledby="kb-results-title" aria-busy={pending} data-testid="kb-query-results">
          <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h3 id="kb-results-title" className="text-sm font-semibold">
              {t("results", { count: outcome.results.length })}
            </h3>
            <p className="text-xs text-muted-foreground" data-testid="kb-query-ran-as" data-mode={outcome.ranAs}>
              {t("ranAs", { mode: t(`modes.${outcome.ranAs}`) })}
              {outcome.keywordOnly && ` · ${t(`keywordOnly.${outcome.keywordOnly}`)}`}
              {outcome.reranked === true && ` · ${t("reranked")}`}
              {outcome.reranked === false && ` · ${t("rerankFailed")}`}
            </p>
          </div>
          {outcome.results.length === 0 ? (
            <div className="flex items-center gap-3 rounded-2xl border border-dashed border-border px-4 py-5 text-sm text-muted-foreground">
              <SearchX className="size-4 shrink-0" aria-hidden />
              {t("noResults")}
            </div>
          ) : (
            <ol className="space-y-3">
              {outcome.results.map((hit, index) => (
                <RetrievalResult key={`${hit.chunkId}`} kbId={kb.id} hit={hit} rank={index + 1} query={outcome.query} />
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}
