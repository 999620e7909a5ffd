"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { ResourceFormDialog } from "@/components/admin/resource/resource-form-dialog";
import { SelectField, TextField } from "@/components/forms/fields";
import { useDialogForm } from "@/components/forms/use-dialog-form";
import { Segmented } from "@/components/ui/segmented";
import { sameOrigin } from "@/lib/config/credential-origin";
import { mcpServerCreateSchema, mcpServerPatchSchema } from "@/lib/mcp/schemas";
import { mcpApi, type McpServer, type McpTransport, type SavedMcpServer } from "./api";
import { HeadersEditor, rowsFromNames, rowsToEdit, type HeaderRow } from "./headers-editor";
import { choicesFor, sharingChoice, sharingFor, type SharingActor, type SharingChoice } from "./sharing-choice";

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;
/** The body fields this form shows, so a problem with one of them is marked on it. */
const SHOWN_FIELDS = ["name", "description", "url", "headers"] as const;

/** Register a server or edit one. Stored header values are never shown: empty keeps them. */
export function McpServerFormDialog({
  open,
  server,
  actor,
  onClose,
  onSaved,
}: {
  open: boolean;
  server: McpServer | null;
  actor: SharingActor;
  onClose: () => void;
  onSaved: (view: McpServer, created: boolean) => void;
}) {
  const t = useTranslations("admin.mcp.form");
  const tMcp = useTranslations("admin.mcp");
  const form = useDialogForm(onClose, SHOWN_FIELDS);
  const creating = server === null;
  const [name, setName] = useState(server?.name ?? "");
  const [description, setDescription] = useState(server?.description ?? "");
  const [transport, setTransport] = useState<McpTransport>(server?.transport ?? "streamable_http");
  const [url, setUrl] = useState(server?.url ?? "");
  const [headers, setHeaders] = useState<HeaderRow[]>(rowsFromNames(server?.headerNames ?? []));
  const initialChoice = sharingChoice(server?.sharing, actor);
  const [choice, setChoice] = useState<SharingChoice>(initialChoice);
  const nameError = name && !NAME_PATTERN.test(name) ? t("nameInvalid") : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const edit = rowsToEdit(headers);
    if ("missingValue" in edit) return form.setError(t("headerNeedsValue", { name: edit.missingValue }));
    // The server keeps no stored header value for a URL on another origin (lib/mcp/servers.ts).
    const kept = !creating && !sameOrigin(url.trim(), server.url ?? "") && edit.edit.find((h) => h.value === undefined);
    if (kept) return form.setError(t("headerMovedNeedsValue", { name: kept.name }));
    const sharing = choice !== "custom" && choice !== initialChoice ? { sharing: sharingFor(choice, actor) } : {};
    const draft = {
      name: name.trim(),
      description: description.trim(),
      transport,
      url: url.trim(),
      headers: edit.edit,
      ...sharing,
    };
    // The route's own schema, so nothing it would refuse is sent.
    if (!form.check(creating ? mcpServerCreateSchema : mcpServerPatchSchema, draft)) return;
    await form.run(
      async () => {
        const saved = creating ? await mcpApi.create(draft) : await mcpApi.update(server.id, draft);
        announceTools(saved);
        onSaved(saved, creating);
      },
      {
        "conflict:mcp": t("nameTaken"),
      },
    );
  }

  /** A save lists the tools at once when it (re)connects the server: say what came of it. */
  function announceTools(saved: SavedMcpServer) {
    if (saved.toolsError) toast.warning(tMcp("toolsNotListed"));
    else if (saved.toolsRefreshedAt && saved.toolsRefreshedAt !== server?.toolsRefreshedAt)
      toast.success(tMcp("refreshed", { count: saved.tools.length }));
  }

  const choices = [...choicesFor(actor), ...(initialChoice === "custom" ? (["custom"] as const) : [])];
  return (
    <ResourceFormDialog
      open={open}
      editing={server?.name ?? null}
      form={form}
      onSubmit={submit}
      invalid={!!nameError}
      t={t}
      prefix="mcp"
    >
      <TextField
        label={t("name")}
        hint={t("nameHint", { example: `${name || "docs"}__search` })}
        error={nameError ?? form.fieldErrors.name}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        maxLength={32}
        spellCheck={false}
        className="font-mono"
        data-testid="mcp-name"
      />
      <TextField
        label={t("description")}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
        maxLength={1000}
        placeholder={t("descriptionPlaceholder")}
        error={form.fieldErrors.description}
        data-testid="mcp-description"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <p className="text-sm font-medium">{t("transport")}</p>
          <Segmented
            value={transport}
            onChange={setTransport}
            label={t("transport")}
            options={[
              { value: "streamable_http", label: t("transports.streamable_http") },
              { value: "sse", label: t("transports.sse") },
            ]}
            className="h-10"
            data-testid="mcp-transport"
          />
          <p className="text-xs text-muted-foreground">{t(`transportHints.${transport}`)}</p>
        </div>
        <SelectField
          label={t("sharing")}
          hint={t(`sharingHints.${choice}`)}
          value={choice}
          onChange={(event) => setChoice(event.target.value as SharingChoice)}
          options={choices.map((c) => ({ value: c, label: t(`sharingChoices.${c}`) }))}
          data-testid="mcp-sharing"
        />
      </div>
      <TextField
        label={t("url")}
        type="url"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        placeholder={transport === "sse" ? "https://mcp.example.com/sse" : "https://mcp.example.com/mcp"}
        required
        spellCheck={false}
        className="font-mono"
        error={form.fieldErrors.url}
        data-testid="mcp-url"
      />
      <HeadersEditor rows={headers} onChange={setHeaders} error={form.fieldErrors.headers} />
    </ResourceFormDialog>
  );
}
