"use client";

import { useCallback, useEffect, useState } from "react";
import { useReportError } from "@/components/hooks/use-report-error";
import { skillKey, skillsApi, type SkillView } from "./api";

/** The skills list of the page: loaded once, then kept in step with each write's answer. */
export function useSkills() {
  const [skills, setSkills] = useState<SkillView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const reportError = useReportError();

  const reload = useCallback(async () => {
    try {
      setSkills(await skillsApi.list());
      setFailed(false);
    } catch (error) {
      setFailed(true);
      setSkills((current) => current ?? []);
      reportError(error);
    }
  }, [reportError]);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- loads on mount; state is set when the request resolves
    void reload();
  }, [reload]);

  const upsert = useCallback((view: SkillView) => {
    setSkills((current) => {
      const list = current ?? [];
      const key = skillKey(view);
      return list.some((s) => skillKey(s) === key)
        ? list.map((s) => (skillKey(s) === key ? view : s))
        : [...list, view];
    });
  }, []);

  return { skills, failed, reload, upsert };
}
