#!/usr/bin/env node
// Builds the scripts of the web pages, bundled by esbuild:
//  - the LostSpace page: src/lostspace/web/client/app.ts (plus the shared protocol and
//    replay schema it imports, and zod) → dist/lostspace/web/client/app.js;
//  - the Minecraft dashboard: src/minecraft/dashboard/client/app.ts (types only from the
//    server side) → dist/minecraft/dashboard/client/app.js.
// Run by `npm run build`; the servers only serve the results, so nothing is built or
// fetched at run time. Type-checking is tsc's job (tsconfig.web.json); esbuild only
// strips types and bundles.
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')

// `import { z } from 'zod'` drags every message locale into a bundle (zod re-exports them all as
// `z.locales`); the page only needs English, which zod loads on its own. Saves ~260 KB.
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /locales\/index\.js$/ }, (a) => (a.importer.includes('/zod/') ? { path: 'zod-locales', namespace: 'stub' } : undefined))
    b.onLoad({ filter: /.*/, namespace: 'stub' }, () => ({ contents: 'export {}', loader: 'js' }))
  },
}

export async function buildWebClient({ outdir = join(root, 'dist/lostspace/web/client'), minify = true } = {}) {
  await build({
    entryPoints: [join(root, 'src/lostspace/web/client/app.ts')],
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [zodEnglishOnly],
  })
  return join(outdir, 'app.js')
}

/** The Minecraft dashboard's script (src/minecraft/dashboard/client/app.ts). */
export async function buildDashboardClient({ outdir = join(root, 'dist/minecraft/dashboard/client'), minify = true } = {}) {
  await build({
    entryPoints: [join(root, 'src/minecraft/dashboard/client/app.ts')],
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify,
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
  })
  return join(outdir, 'app.js')
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = await buildWebClient()
  console.log(`web client: ${out}`)
  console.log(`dashboard client: ${await buildDashboardClient()}`)
}
