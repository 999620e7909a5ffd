"use client";

import { useTranslations } from "next-intl";
import { createContext, useContext, type ComponentProps, type ReactNode } from "react";
import { ImageOff } from "lucide-react";
import { imageHost, imageLoadsInline } from "./markdown-urls";

const InsideLink = createContext(false);

/** Wraps a link's content: an image placeholder inside it must not be a second link. */
export function LinkContent({ children }: { children: ReactNode }) {
  return <InsideLink.Provider value>{children}</InsideLink.Provider>;
}

/**
 * A markdown image: same-origin and `data:image/` sources load; any other is only named
 * (an image-off icon, then the alt text or host) and opens in a new tab when clicked, so viewing never contacts its host.
 */
export function MarkdownImage({ node: _node, src, alt, title, ...props }: ComponentProps<"img"> & { node?: unknown }) {
  const t = useTranslations("chat");
  const insideLink = useContext(InsideLink);
  const source = typeof src === "string" ? src : undefined;
  // eslint-disable-next-line @next/next/no-img-element -- same-origin or data: sources only; next/image cannot optimise session-bound files
  if (imageLoadsInline(source)) return <img {...props} src={source} alt={alt ?? ""} title={title} loading="lazy" />;

  const host = imageHost(source);
  const label = (
    <>
      <ImageOff aria-hidden className="inline size-3.5 align-[-2px]" /> {alt || host || t("externalImage")}
    </>
  );
  const common = {
    title: host ? t("externalImageBlocked", { host }) : t("externalImageBlockedNoHost"),
    className: "markdown-blocked-image",
    "data-testid": "markdown-blocked-image",
  };
  if (!source || insideLink) return <span {...common}>{label}</span>;
  return (
    <a {...common} href={source} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  );
}
