/**
 * The Content-Security-Policy of every page. Scripts run only with this response's nonce (Next
 * puts it on its own tags when it finds it in the request's CSP) or when loaded by such a
 * script ('strict-dynamic'); an injected <script> or inline handler never runs. Styles allow
 * inline: Tailwind, CodeMirror and sonner add style elements at run time.
 * No upgrade-insecure-requests: self-hosted installs are often served over plain HTTP.
 */
export function pageContentSecurityPolicy(nonce: string, opts: { dev?: boolean } = {}): string {
  return [
    "default-src 'self'",
    // React's dev build evaluates server error stacks, and its dev server talks over a websocket.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // Model output never loads remote images (see MarkdownImage): nothing leaves the origin.
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${opts.dev ? " ws: wss:" : ""}`,
    // The file panel shows PDFs from the files routes in a same-origin frame.
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** A fresh, unguessable nonce per response (base64 of 16 random bytes). */
export function newNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}
