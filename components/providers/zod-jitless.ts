import { z } from "zod";

// zod 4 probes `new Function("")` on its first object parse to decide whether to compile
// parsers; the page CSP forbids eval, so the browser reports a violation every page load.
// In the browser, parse without the JIT (the server keeps it: no CSP applies there).
if (typeof window !== "undefined") z.config({ jitless: true });
