import { Trash2 } from "lucide-react";
import type { ComponentProps } from "react";
import { IconButton } from "./icon-button";

/** The small trash-can button of a row or card; it turns red on hover. */
export function DeleteButton(props: Omit<ComponentProps<typeof IconButton>, "icon" | "size">) {
  return <IconButton icon={<Trash2 />} size="sm" {...props} className="hover:text-danger" />;
}
