import { isLocale, LOCALE_COOKIE, type Locale } from "@/lib/i18n/config";
import { localeFromAcceptLanguage } from "@/lib/i18n/negotiate";

/** The locale the server would pick (cookie, else the browser's languages), read in the browser. */
export function browserLocale(): Locale {
  const cookie = document.cookie
    .split("; ")
    .find((c) => c.startsWith(`${LOCALE_COOKIE}=`))
    ?.slice(LOCALE_COOKIE.length + 1);
  return isLocale(cookie) ? cookie : localeFromAcceptLanguage(navigator.languages.join(","));
}
