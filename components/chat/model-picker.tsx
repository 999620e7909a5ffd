"use client";

import { ChevronDown, Cpu } from "lucide-react";
import { useTranslations } from "next-intl";
import { useModelLabel } from "@/components/format/model-label";
import { useTokenFormat } from "@/components/format/tokens";
import { useModels } from "@/components/shell/models-context";
import { DropdownMenu, MenuGroup, MenuItem, MenuLabel } from "@/components/ui/dropdown-menu";

/** Picks the model (`provider_id:model_id` spec) the next message is answered with. */
export function ModelPicker({ value, onChange }: { value: string | null; onChange: (spec: string) => void }) {
  const t = useTranslations("composer");
  const tokens = useTokenFormat();
  const modelLabel = useModelLabel();
  const { models, loaded } = useModels();
  const current = models.find((model) => model.spec === value);
  const providers = [...new Set(models.map((model) => model.providerId))];

  return (
    <DropdownMenu
      label={t("modelMenu")}
      placement="top-start"
      className="max-h-80 w-72 overflow-y-auto"
      trigger={
        <button
          type="button"
          disabled={!models.length}
          className="inline-flex h-8 max-w-[min(20rem,55vw)] items-center gap-1.5 rounded-lg px-2.5 text-sm text-muted-foreground transition-colors hover:bg-accent hover:text-foreground disabled:opacity-60 aria-expanded:bg-accent"
          data-testid="model-picker"
          data-spec={value ?? ""}
        >
          <Cpu className="size-4 shrink-0" aria-hidden />
          <span className="truncate">
            {current ? modelLabel(current.spec, current.label) : loaded ? t("noModels") : t("loadingModels")}
          </span>
          <ChevronDown className="size-3.5 shrink-0 opacity-70" aria-hidden />
        </button>
      }
    >
      {providers.map((provider) => (
        <MenuGroup key={provider} aria-label={provider}>
          {providers.length > 1 && <MenuLabel>{provider}</MenuLabel>}
          {models
            .filter((model) => model.providerId === provider)
            .map((model) => (
              <MenuItem
                key={model.spec}
                checked={model.spec === value}
                onSelect={() => onChange(model.spec)}
                data-testid="model-option"
                data-spec={model.spec}
              >
                <span className="block truncate">{modelLabel(model.spec, model.label)}</span>
                <span className="block truncate font-mono text-xs text-muted-foreground">
                  {model.modelId}
                  {model.contextWindow ? ` · ${tokens(model.contextWindow)}` : ""}
                </span>
              </MenuItem>
            ))}
        </MenuGroup>
      ))}
    </DropdownMenu>
  );
}
