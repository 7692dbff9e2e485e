// zod 4 probes `new Function('')` when its first object schema is built, to decide whether it may
// compile fast parsers. The shop's CSP (script-src 'self') forbids eval, so the browser refuses the
// probe and reports a CSP violation on every page with a form. Jitless mode skips the probe; forms
// do not need the compiled fast path.
//
// zod keeps its configuration on globalThis.__zod_globalConfig and keeps a value set before it loads
// (zod's own global-config tests cover this), which is the same as calling z.config({ jitless: true })
// first — without pulling zod into the home page's bundle. main.tsx imports this module first.
const zodHolder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHolder.__zod_globalConfig = { ...zodHolder.__zod_globalConfig, jitless: true };

export {};
