/**
 * "Chrome on macOS" from a User-Agent header, enough to recognise one's own devices in the sign-in
 * list. Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari", iOS says "Mac OS X".
 */
export type Device = { browser: string | null; os: string | null; mobile: boolean };

const BROWSERS: [RegExp, string][] = [
  [/Edg(A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

export function describeUserAgent(ua: string | null | undefined): Device {
  if (!ua) return { browser: null, os: null, mobile: false };
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1] ?? null;
  return { browser, os, mobile: /Mobile|iPhone|Android/.test(ua) };
}
