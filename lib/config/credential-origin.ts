/**
 * A stored key or header was entered for one server. Sending it to another origin (scheme,
 * host, port) would hand it to whoever runs that server, so an edit that moves a connection
 * to another origin drops the stored credentials unless new ones come with the same edit.
 */
export function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
