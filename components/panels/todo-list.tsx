"use client";

import { cn } from "@/components/ui/cn";
import { ListTodo } from "lucide-react";
import { useTranslations } from "next-intl";
import type { PlanView } from "@/components/chat/live-run";
import { PanelSection, PanelSkeleton } from "./panel-section";
import { TodoStatusIcon } from "./todo-status-icon";

/** The thread's plan, as the live run derives it (the same counts as the plan card in the chat). */
export function TodoList({ plan, live, loaded }: { plan: PlanView; live: boolean; loaded: boolean }) {
  const t = useTranslations("panel");
  const { items: todos, done, total } = plan;
  const ratio = total ? done / total : 0;

  return (
    <PanelSection
      title={t("todos")}
      aside={
        todos.length > 0 && (
          <span
            className="text-xs text-muted-foreground tabular-nums"
            data-testid="todo-progress"
            data-done={done}
            data-total={total}
          >
            {t("todoProgress", { done, total })}
          </span>
        )
      }
      data-testid="todo-list"
    >
      {!loaded ? (
        <PanelSkeleton />
      ) : todos.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <ListTodo className="size-4 opacity-70" aria-hidden />
          {t("noTodos")}
        </p>
      ) : (
        <>
          <div className="mb-3 h-1 overflow-hidden rounded-full bg-muted" aria-hidden>
            <div
              className="h-full rounded-full bg-success transition-[width] duration-500"
              style={{ width: `${ratio * 100}%` }}
            />
          </div>
          <ul className="space-y-2">
            {todos.map((todo, index) => (
              <li
                key={index}
                className="flex items-start gap-2.5 text-sm"
                data-testid="todo-item"
                data-status={todo.status}
              >
                <TodoStatusIcon status={todo.status} live={live} className="mt-0.5" />
                <span
                  className={cn(
                    "min-w-0 leading-snug break-words",
                    todo.status === "completed" && "text-muted-foreground line-through",
                    todo.status === "stopped" && "text-muted-foreground",
                    todo.status === "in_progress" && "font-medium",
                  )}
                >
                  {todo.content}
                </span>
                <span className="sr-only">{t(`todoStatus.${todo.status}`)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </PanelSection>
  );
}
