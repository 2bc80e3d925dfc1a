#!/usr/bin/env node
// Builds the LostSpace web page's script: src/lostspace/web/client/app.ts (plus the
// shared protocol and replay schema it imports, and zod) bundled by esbuild into
// dist/lostspace/web/client/app.js. Run by `npm run build`; the server only serves
// the result, so nothing is built or fetched at run time. Type-checking is
// tsc's job (tsconfig.web.json); esbuild only strips types and bundles.
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = await buildWebClient()
  console.log(`web client: ${out}`)
}
