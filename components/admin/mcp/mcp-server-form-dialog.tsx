"use client";

import { LoaderCircle } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { FormError, SelectField, TextField } from "@/components/forms/fields";
import { useErrorMessage } from "@/components/forms/use-error-message";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Segmented } from "@/components/ui/segmented";
import { sameOrigin } from "@/lib/config/credential-origin";
import { mcpApi, type McpServer, type McpTransport } from "./api";
import { HeadersEditor, rowsFromNames, rowsToEdit, type HeaderRow } from "./headers-editor";
import { choicesFor, sharingChoice, sharingFor, type SharingActor, type SharingChoice } from "./sharing-choice";

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/;

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
  const errorMessage = useErrorMessage();
  const creating = server === null;
  const [name, setName] = useState(server?.name ?? "");
  const [description, setDescription] = useState(server?.description ?? "");
  const [transport, setTransport] = useState<McpTransport>(server?.transport ?? "streamable_http");
  const [url, setUrl] = useState(server?.url ?? "");
  const [headers, setHeaders] = useState<HeaderRow[]>(rowsFromNames(server?.headerNames ?? []));
  const initialChoice = sharingChoice(server?.sharing, actor);
  const [choice, setChoice] = useState<SharingChoice>(initialChoice);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameError = name && !NAME_PATTERN.test(name) ? t("nameInvalid") : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const edit = rowsToEdit(headers);
    if ("missingValue" in edit) return setError(t("headerNeedsValue", { name: edit.missingValue }));
    // The server keeps no stored header value for a URL on another origin (lib/mcp/servers.ts).
    const kept = !creating && !sameOrigin(url.trim(), server.url ?? "") && edit.edit.find((h) => h.value === undefined);
    if (kept) return setError(t("headerMovedNeedsValue", { name: kept.name }));
    setSaving(true);
    setError(null);
    const sharing = choice !== "custom" && choice !== initialChoice ? { sharing: sharingFor(choice, actor) } : {};
    const draft = { name: name.trim(), description: description.trim(), transport, url: url.trim(), headers: edit.edit, ...sharing };
    try {
      onSaved(creating ? await mcpApi.create(draft) : await mcpApi.update(server.id, draft), creating);
    } catch (err) {
      setError(errorMessage(err, { "conflict:mcp": t("nameTaken") }));
    } finally {
      setSaving(false);
    }
  }

  const choices = [...choicesFor(actor), ...(initialChoice === "custom" ? (["custom"] as const) : [])];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={creating ? t("createTitle") : t("editTitle", { name: server.name })}
      description={creating ? t("createDescription") : undefined}
      className="max-w-xl"
      data-testid="mcp-form"
    >
      <form onSubmit={submit} className="mt-4 space-y-4">
        <TextField
          label={t("name")}
          hint={nameError ?? t("nameHint", { example: `${name || "docs"}__search` })}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={32}
          spellCheck={false}
          aria-invalid={nameError ? true : undefined}
          className={nameError ? "border-danger font-mono" : "font-mono"}
          data-testid="mcp-name"
        />
        <TextField
          label={t("description")}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={1000}
          placeholder={t("descriptionPlaceholder")}
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
          data-testid="mcp-url"
        />
        <HeadersEditor rows={headers} onChange={setHeaders} />
        <FormError message={error} data-testid="mcp-form-error" />
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="outline" size="sm" onClick={onClose} data-testid="mcp-cancel">
            {t("cancel")}
          </Button>
          <Button type="submit" size="sm" disabled={saving || !!nameError} data-testid="mcp-save">
            {saving && <LoaderCircle className="size-4 animate-spin" aria-hidden />}
            {creating ? t("create") : t("save")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
