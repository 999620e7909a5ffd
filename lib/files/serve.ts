import { servingPolicy, type Sniffed } from "./sniff";

/**
 * A stored file as an HTTP response. Nothing the app serves may run in its origin: nosniff,
 * a sandboxing CSP, script-capable types (HTML, SVG, JS) as text/plain, and anything that is
 * not a safe preview only as a download. (No Content-Length: Next 16 strips it from route
 * handler responses and sends the body chunked; listings carry each file's size.)
 */
export function fileResponse(bytes: Uint8Array, opts: { name: string; sniffed: Sniffed; download: boolean }): Response {
  const { contentType, inline } = servingPolicy(opts.sniffed);
  const disposition = inline && !opts.download ? "inline" : "attachment";
  const headers: Record<string, string> = {
    "Content-Type": contentType,
    "Content-Disposition": `${disposition}; ${filenameParams(opts.name)}`,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, no-cache",
    // The file panel frames previews (PDFs) from this origin; nobody else may frame them.
    "X-Frame-Options": "SAMEORIGIN",
  };
  // Firefox's PDF viewer does not render under a sandboxing CSP (Chromium's does); both viewers
  // isolate the document themselves, so PDFs go without it.
  headers["Content-Security-Policy"] =
    contentType === "application/pdf"
      ? "frame-ancestors 'self'"
      : "sandbox; default-src 'none'; frame-ancestors 'self'";
  return new Response(new Uint8Array(bytes), { headers });
}

/** `filename="ascii fallback"; filename*=UTF-8''percent-encoded` (RFC 6266 / RFC 5987). */
export function filenameParams(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
