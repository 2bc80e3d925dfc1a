/**
 * Whole-file writes that are never seen half-done: the text goes to a temporary file in the same
 * folder, is flushed to disk, and is renamed over the target. A crash or Ctrl-C at any moment
 * leaves either the old file or the new one (and at worst a stray `.tmp-` file, which readers skip).
 * `fsync: false` keeps that promise for a dying process but not for a power cut: for files whose
 * readers validate them and can redo them (one game's record).
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { randomBytes } from 'node:crypto'

export const TEMP_MARK = '.tmp-'

export function isTempFile(name: string): boolean {
  return name.startsWith(TEMP_MARK)
}

export function writeFileAtomic(file: string, text: string, opts: { fsync?: boolean } = {}): void {
  const tmp = join(dirname(file), `${TEMP_MARK}${basename(file)}-${process.pid}-${randomBytes(4).toString('hex')}`)
  const fd = openSync(tmp, 'w')
  try {
    writeSync(fd, text)
    if (opts.fsync !== false) fsyncSync(fd)
  } catch (err) {
    closeSync(fd)
    rmSync(tmp, { force: true })
    throw err
  }
  closeSync(fd)
  try {
    renameSync(tmp, file)
  } catch (err) {
    rmSync(tmp, { force: true })
    throw err
  }
}
