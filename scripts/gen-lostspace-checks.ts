/**
 * Generates src/protocols/lostspace-checks.gen.ts from the zod schemas in src/protocols/lostspace.ts
 * (LOGIC_TO_AI_INBOUND_SCHEMAS): plain functions that report the same issues zod reports for the same
 * input, so that the SDK validates every message from the logic without loading zod (an AI is a
 * process that starts for every game).
 *
 *   node --import tsx scripts/gen-lostspace-checks.ts           writes the file
 *   node --import tsx scripts/gen-lostspace-checks.ts --check   exits 1 when the file is not what the schemas give
 *
 * It knows the zod kinds these schemas use (object, tuple, array, union, literal, enum, number,
 * boolean, string, unknown, optional; int/min/max/length checks and refinements) and stops with an
 * error on any other, so a schema change it cannot follow fails the build instead of checking less.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { LOGIC_TO_AI_INBOUND_SCHEMAS } from '../src/protocols/lostspace.js'

export const OUT = fileURLToPath(new URL('../src/protocols/lostspace-checks.gen.ts', import.meta.url))

// zod's internal definition of a schema or check (zod 4): only the fields read here.
interface Def {
  type: string
  checks?: { _zod: { def: CheckDef } }[]
  shape?: Record<string, Node>
  catchall?: Node
  items?: Node[]
  rest?: Node | null
  element?: Node
  options?: Node[]
  values?: unknown[]
  entries?: Record<string, unknown>
  innerType?: Node
}
interface CheckDef {
  check: string
  format?: string
  value?: number
  inclusive?: boolean
  minimum?: number
  length?: number
  abort?: boolean
  when?: unknown
  fn?: (v: unknown) => unknown
  error?: (issue: unknown) => unknown
  path?: PropertyKey[]
  type?: string
}
type Node = { _zod: { def: Def } }

const lit = (v: unknown): string => JSON.stringify(v)

class Generator {
  private readonly names = new Map<Node, string>()
  private readonly byBody = new Map<string, string>()
  private readonly bodies: string[] = []
  private readonly refines: string[] = []

  /** The function checking `node`; nodes that generate the same code share one function. */
  fn(node: Node): string {
    const known = this.names.get(node)
    if (known) return known
    const body = this.body(node)
    let name = this.byBody.get(body)
    if (!name) {
      name = `c${this.byBody.size}`
      this.byBody.set(body, name)
      this.bodies.push(`function ${name}(v: any, o: CheckIssue[]): void {\n${body}}\n`)
    }
    this.names.set(node, name)
    return name
  }

  private body(node: Node): string {
    const def = node._zod.def
    const checks = (def.checks ?? []).map((c) => c._zod.def)
    let parse: string
    switch (def.type) {
      case 'unknown':
        parse = ''
        break
      case 'string':
        parse = `if (typeof v !== 'string') { o.push({ code: 'invalid_type', expected: 'string', path: [] }); break p }\n`
        break
      case 'boolean':
        parse = `if (typeof v !== 'boolean') { o.push({ code: 'invalid_type', expected: 'boolean', path: [] }); break p }\n`
        break
      case 'number':
        parse = `if (typeof v !== 'number' || !Number.isFinite(v)) { o.push({ code: 'invalid_type', expected: 'number', path: [] }); break p }\n`
        break
      case 'literal':
      case 'enum': {
        const values = def.type === 'literal' ? def.values! : Object.values(def.entries!)
        for (const v of values) if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw new Error(`unsupported literal ${String(v)}`)
        parse = `if (${values.map((v) => `v !== ${lit(v)}`).join(' && ')}) o.push({ code: 'invalid_value', values: ${lit(values)}, path: [] })\n`
        break
      }
      case 'optional':
        return `if (v === undefined) return\n${this.fn(def.innerType!)}(v, o)\n`
      case 'object': {
        const catchall = def.catchall?._zod.def.type
        if (catchall !== undefined && catchall !== 'unknown') throw new Error(`unsupported object catchall ${catchall}`)
        if (catchall === undefined) throw new Error('only loose objects are supported (a stripping object changes the value)')
        parse = `if (v === null || typeof v !== 'object' || Array.isArray(v)) { o.push({ code: 'invalid_type', expected: 'object', path: [] }); break p }\n`
        for (const [key, child] of Object.entries(def.shape!)) parse += `at(o, ${this.fn(child)}, v[${lit(key)}], ${lit(key)})\n`
        break
      }
      case 'array':
        parse = `if (!Array.isArray(v)) { o.push({ code: 'invalid_type', expected: 'array', path: [] }); break p }\n`
        parse += `for (let i = 0; i < v.length; i++) at(o, ${this.fn(def.element!)}, v[i], i)\n`
        break
      case 'tuple': {
        const items = def.items!
        parse = `if (!Array.isArray(v)) { o.push({ code: 'invalid_type', expected: 'tuple', path: [] }); break p }\n`
        for (const item of items) if (item._zod.def.type === 'optional') throw new Error('optional tuple items are not supported')
        if (!def.rest) {
          parse += `if (v.length < ${items.length}) { o.push({ code: 'too_small', minimum: ${items.length}, inclusive: true, origin: 'array', path: [] }); break p }\n`
          parse += `if (v.length > ${items.length}) o.push({ code: 'too_big', maximum: ${items.length}, inclusive: true, origin: 'array', path: [] })\n`
        }
        items.forEach((item, i) => (parse += `at(o, ${this.fn(item)}, v[${i}], ${i})\n`))
        if (def.rest) parse += `for (let i = ${items.length}; i < v.length; i++) at(o, ${this.fn(def.rest)}, v[i], i)\n`
        break
      }
      case 'union': {
        const options = def.options!.map((opt) => this.fn(opt))
        parse = `union(o, v, [${options.join(', ')}])\n`
        break
      }
      default:
        throw new Error(`unsupported zod type ${def.type}`)
    }
    let out = checks.length ? 'const n = o.length\n' : ''
    out += parse.includes('break p') ? `p: {\n${indent(parse)}}\n` : parse
    for (const c of checks) out += this.check(c, def.type)
    return indent(out)
  }

  private check(c: CheckDef, type: string): string {
    const cont = c.abort ? 'false' : 'true'
    switch (c.check) {
      case 'number_format':
        if (c.format !== 'safeint') throw new Error(`unsupported number format ${c.format}`)
        return (
          `if (!aborted(o, n)) {\n` +
          `  if (!Number.isInteger(v)) o.push({ code: 'invalid_type', expected: 'int', format: 'safeint', continue: false, path: [] })\n` +
          `  else if (!Number.isSafeInteger(v)) o.push(v > 0 ? { code: 'too_big', maximum: Number.MAX_SAFE_INTEGER, origin: 'int', inclusive: true, continue: ${cont}, path: [] } : { code: 'too_small', minimum: Number.MIN_SAFE_INTEGER, origin: 'int', inclusive: true, continue: ${cont}, path: [] })\n` +
          `}\n`
        )
      case 'greater_than':
      case 'less_than': {
        const small = c.check === 'greater_than'
        const ok = `v ${small ? '>' : '<'}${c.inclusive ? '=' : ''} ${lit(c.value)}`
        return `if (!aborted(o, n) && !(${ok})) o.push({ code: '${small ? 'too_small' : 'too_big'}', ${small ? 'minimum' : 'maximum'}: ${lit(c.value)}, inclusive: ${String(!!c.inclusive)}, origin: 'number', continue: ${cont}, path: [] })\n`
      }
      case 'min_length':
        if (typeof c.when !== 'function') throw new Error('min_length without its default `when`')
        return `if (hasLength(o, n, v) && v.length < ${lit(c.minimum)}) o.push({ code: 'too_small', minimum: ${lit(c.minimum)}, inclusive: true, origin: lengthOrigin(v), continue: ${cont}, path: [] })\n`
      case 'length_equals':
        if (typeof c.when !== 'function') throw new Error('length_equals without its default `when`')
        return `if (hasLength(o, n, v) && v.length !== ${lit(c.length)}) o.push(v.length > ${lit(c.length)} ? { code: 'too_big', maximum: ${lit(c.length)}, inclusive: true, exact: true, origin: lengthOrigin(v), continue: ${cont}, path: [] } : { code: 'too_small', minimum: ${lit(c.length)}, inclusive: true, exact: true, origin: lengthOrigin(v), continue: ${cont}, path: [] })\n`
      case 'custom': {
        if (c.when !== undefined) throw new Error('refinements with `when` are not supported')
        const message = c.error?.({ code: 'custom', input: undefined })
        if (typeof message !== 'string') throw new Error(`a refinement on ${type} has no fixed message`)
        const name = `refine${this.refines.length}`
        // the refinement's own code: it must use nothing but its argument (checked by the differential test)
        const code = String(c.fn)
        if (code.includes('\n')) throw new Error(`a refinement on ${type} spans lines: ${code}`)
        this.refines.push(`// @ts-ignore: zod's refinement as it runs (plain JavaScript, untyped)\nconst ${name} = (${code}) as (v: any) => unknown\n`)
        return `if (!aborted(o, n) && !${name}(v)) o.push({ code: 'custom', message: ${lit(message)}, continue: ${cont}, path: ${lit(c.path ?? [])} })\n`
      }
      default:
        throw new Error(`unsupported zod check ${c.check}`)
    }
  }

  source(entries: [string, string][]): string {
    return `${HEADER}
${this.refines.join('')}
${this.bodies.join('\n')}
/** The check for each key of LOGIC_TO_AI_INBOUND_SCHEMAS: the issues zod would report (none: valid). */
export const LOGIC_TO_AI_CHECKS: Record<InboundKey, (v: unknown, o: CheckIssue[]) => void> = {
${entries.map(([k, f]) => `  ${lit(k)}: ${f},`).join('\n')}
}
`
  }
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => (l ? `  ${l}` : l))
    .join('\n')
}

const HEADER = `// GENERATED by scripts/gen-lostspace-checks.ts from LOGIC_TO_AI_INBOUND_SCHEMAS in
// src/protocols/lostspace.ts. Do not edit: change the schemas and run \`npm run gen:checks\`
// (\`npm run build\` does it too). test/protocols/lostspace-checks.test.ts fails when this file is stale
// and compares its verdicts and errors with zod's.
/* eslint-disable */
import type { InboundKey } from './lostspace-inbound.js'

/** One problem found, shaped as zod's issue of the same kind (formatIssues in core/schema-errors.ts renders both). */
export interface CheckIssue {
  code: string
  path: PropertyKey[]
  continue?: boolean
  expected?: string
  format?: string
  values?: unknown[]
  minimum?: number
  maximum?: number
  inclusive?: boolean
  exact?: boolean
  origin?: string
  message?: string
  errors?: CheckIssue[][]
}

/** zod's \`aborted\`: an issue since \`from\` that does not let later checks run. */
function aborted(o: CheckIssue[], from: number): boolean {
  for (let i = from; i < o.length; i++) if (o[i]!.continue !== true) return true
  return false
}

/** zod's \`when\` of a length check: a value with a length, and no issue since \`from\` that stops all checks. */
function hasLength(o: CheckIssue[], from: number, v: any): boolean {
  for (let i = from; i < o.length; i++) if (o[i]!.continue === false) return false
  return v != null && v.length !== undefined
}

function lengthOrigin(v: unknown): string {
  return Array.isArray(v) ? 'array' : typeof v === 'string' ? 'string' : 'unknown'
}

/** Runs a child check and puts its key in front of the paths of the issues it found. */
function at(o: CheckIssue[], check: (v: unknown, o: CheckIssue[]) => void, v: unknown, key: PropertyKey): void {
  const n = o.length
  check(v, o)
  for (let i = n; i < o.length; i++) o[i]!.path.unshift(key)
}

/** zod's union: the first option without issues; else the only option not aborted; else invalid_union. */
function union(o: CheckIssue[], v: unknown, options: ((v: unknown, o: CheckIssue[]) => void)[]): void {
  const results: CheckIssue[][] = []
  for (const option of options) {
    const r: CheckIssue[] = []
    option(v, r)
    if (r.length === 0) return
    results.push(r)
  }
  const open = results.filter((r) => !aborted(r, 0))
  if (open.length === 1) o.push(...open[0]!)
  else o.push({ code: 'invalid_union', errors: results, path: [] })
}
`

export function generate(): string {
  const g = new Generator()
  const entries = Object.entries(LOGIC_TO_AI_INBOUND_SCHEMAS).map(([key, schema]) => [key, g.fn(schema as unknown as Node)] as [string, string])
  return g.source(entries)
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]
if (isMain) {
  const text = generate()
  if (process.argv.includes('--check')) {
    let current = ''
    try {
      current = readFileSync(OUT, 'utf8')
    } catch {
      /* missing */
    }
    if (current !== text) {
      console.error(`${OUT} is not what the schemas give: run \`npm run gen:checks\``)
      process.exit(1)
    }
    console.log('lostspace-checks.gen.ts is up to date')
  } else {
    writeFileSync(OUT, text)
    console.log(`wrote ${OUT}`)
  }
}
