import { Ban, Check, Loader2, ShieldQuestion, X } from "lucide-react";
import type { ToolState } from "./tool-part";

export function ToolStatusIcon({ state }: { state: ToolState }) {
  switch (state) {
    case "output-available":
      return <Check className="size-3.5 text-success" aria-hidden />;
    case "output-error":
      return <X className="size-3.5 text-danger" aria-hidden />;
    case "output-denied":
      return <Ban className="size-3.5 text-muted-foreground" aria-hidden />;
    case "approval-requested":
      return <ShieldQuestion className="size-3.5 text-warning" aria-hidden />;
    default:
      return <Loader2 className="size-3.5 animate-spin text-brand" aria-hidden />;
  }
}
