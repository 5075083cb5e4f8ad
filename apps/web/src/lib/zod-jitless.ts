// zod 4 compiles its object parsers with `new Function` where it may, and probes for that on the
// first parse. Under the server's Content-Security-Policy (script-src 'self', no 'unsafe-eval') the
// probe fails, which zod expects, but the browser still reports it as a CSP violation on every
// page that parses a form or an answer. `jitless`: no probe, no eval.
//
// zod keeps its global config on globalThis.__zod_globalConfig (shared by every copy of zod) and
// takes the object it finds there. Setting it here, first thing in main.tsx, before zod loads,
// costs no bytes; `import { config } from 'zod/v4/core'` would have pulled ~3.6 KB gzip of zod into
// the entry chunk, which the sign-in route's 140 KB budget cannot spare. zod-jitless.test.ts checks
// that zod reads it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
