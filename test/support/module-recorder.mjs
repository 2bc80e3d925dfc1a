// Preload (`node --import ./module-recorder.mjs ...`): records every module the process loads,
// one absolute path per line, into the file named by MINDBRIDGE_MODULE_LOG.
// ESM (and CommonJS reached through `import`) is seen by a loader hook, which writes each URL from
// the hooks thread as it loads; CommonJS reached through require() is taken from require.cache at exit.
import { appendFileSync } from 'node:fs'
import { createRequire, register } from 'node:module'

const log = process.env.MINDBRIDGE_MODULE_LOG
if (log) {
  const hooks = `
import { appendFileSync } from 'node:fs'
let file
export function initialize(data) { file = data.file }
export async function load(url, context, nextLoad) {
  if (url.startsWith('file:')) appendFileSync(file, decodeURIComponent(new URL(url).pathname) + '\\n')
  return nextLoad(url, context)
}
`
  register('data:text/javascript,' + encodeURIComponent(hooks), { parentURL: import.meta.url, data: { file: log } })
  const cache = createRequire(import.meta.url).cache
  process.on('exit', () => {
    const paths = Object.keys(cache)
    if (paths.length) appendFileSync(log, paths.join('\n') + '\n')
  })
}
