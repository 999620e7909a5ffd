/** Only same-origin paths are followed after sign-in (no open redirects). */
export function safeCallbackUrl(value: string | string[] | undefined | null): string {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return "/";
  try {
    const url = new URL(raw, "http://meridian.local");
    if (url.origin !== "http://meridian.local") {
      // Absolute URL: accept only when it points back at this app.
      if (typeof window === "undefined" || url.origin !== window.location.origin) return "/";
    }
    const path = `${url.pathname}${url.search}${url.hash}`;
    return path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/login") ? path : "/";
  } catch {
    return "/";
  }
}
