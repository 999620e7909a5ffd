import { cn } from "@/components/ui/cn";
import {
  File,
  FileArchive,
  FileCode,
  FileImage,
  FileSpreadsheet,
  FileText,
  Folder,
  FolderOpen,
  type LucideIcon,
} from "lucide-react";
import { extensionOf, previewKindOf } from "./file-kind";

const ARCHIVES = new Set(["zip", "gz", "tgz", "tar", "7z", "rar"]);
const SHEETS = new Set(["csv", "tsv", "xls", "xlsx", "ods"]);

function iconOf(name: string, mediaType?: string): { icon: LucideIcon; tone: string } {
  const ext = extensionOf(name);
  if (ARCHIVES.has(ext)) return { icon: FileArchive, tone: "text-warning" };
  if (SHEETS.has(ext)) return { icon: FileSpreadsheet, tone: "text-success" };
  switch (previewKindOf(name, mediaType).kind) {
    case "image":
      return { icon: FileImage, tone: "text-brand" };
    case "pdf":
      return { icon: FileText, tone: "text-danger" };
    case "code":
      return { icon: FileCode, tone: "text-brand" };
    case "markdown":
    case "text":
      return { icon: FileText, tone: "text-muted-foreground" };
    default:
      return { icon: File, tone: "text-muted-foreground" };
  }
}

/** A file's type at a glance (folders open or closed). */
export function FileIcon({
  name,
  mediaType,
  dir,
  open,
  className,
}: {
  name: string;
  mediaType?: string;
  dir?: boolean;
  open?: boolean;
  className?: string;
}) {
  if (dir) {
    const Icon = open ? FolderOpen : Folder;
    return <Icon className={cn("shrink-0 text-brand/80", className)} aria-hidden />;
  }
  const { icon: Icon, tone } = iconOf(name, mediaType);
  return <Icon className={cn("shrink-0", tone, className)} aria-hidden />;
}
