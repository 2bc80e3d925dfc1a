/** Types of build-web.mjs (for the TypeScript scripts and tests that call it). */
export function buildWebClient(opts?: { outdir?: string; minify?: boolean }): Promise<string>
export function buildDashboardClient(opts?: { outdir?: string; minify?: boolean }): Promise<string>
