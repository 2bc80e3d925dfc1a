/**
 * Where a JSON text first goes wrong, as line and column, for config error messages. Node's
 * JSON.parse gives a byte position for some mistakes and none for others; YAML errors give line
 * and column, so JSON errors do too. Only runs after JSON.parse has already failed.
 */

export interface JsonSyntaxError {
  line: number
  column: number
  /** e.g. "expected ',' or '}' after a property value, found ']'" */
  message: string
}

class Stop {
  constructor(
    readonly offset: number,
    readonly expected: string,
  ) {}
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/** The first syntax error of `text` (undefined when it parses). */
export function locateJsonError(text: string): JsonSyntaxError | undefined {
  let i = 0
  const fail = (expected: string): never => {
    throw new Stop(i, expected)
  }
  const ws = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++
  }
  const string = () => {
    i++ // the opening quote
    for (;;) {
      if (i >= text.length) fail('a closing \'"\'')
      const c = text[i]!
      if (c === '"') {
        i++
        return
      }
      if (c === '\\') {
        const e = text[i + 1]
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
            i++
            fail('4 hex digits after \\u')
          }
          i += 6
          continue
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) {
          i++
          fail('an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)')
        }
        i += 2
        continue
      }
      if (c < ' ') fail('no line break or control character inside a string (write \\n)')
      i++
    }
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === '{') {
      i++
      ws()
      if (text[i] === '}') {
        i++
        return
      }
      for (;;) {
        ws()
        if (text[i] !== '"') fail('a double-quoted property name')
        string()
        ws()
        if (text[i] !== ':') fail("':' after the property name")
        i++
        value()
        ws()
        if (text[i] === ',') {
          i++
          continue
        }
        if (text[i] === '}') {
          i++
          return
        }
        fail("',' or '}' after a property value")
      }
    }
    if (c === '[') {
      i++
      ws()
      if (text[i] === ']') {
        i++
        return
      }
      for (;;) {
        value()
        ws()
        if (text[i] === ',') {
          i++
          continue
        }
        if (text[i] === ']') {
          i++
          return
        }
        fail("',' or ']' after a list item")
      }
    }
    if (c === '"') return string()
    NUMBER.lastIndex = i
    if (c !== undefined && /[-0-9]/.test(c) && NUMBER.exec(text)) {
      i = NUMBER.lastIndex
      return
    }
    for (const lit of ['true', 'false', 'null']) {
      if (text.startsWith(lit, i)) {
        i += lit.length
        return
      }
    }
    fail('a value (an object, a list, a string, a number, true, false or null)')
  }
  try {
    value()
    ws()
    if (i < text.length) fail('the end of the file after the value')
    return undefined
  } catch (err) {
    if (!(err instanceof Stop)) throw err
    const before = text.slice(0, err.offset).split('\n')
    const found = err.offset >= text.length ? 'the file ends' : `found ${JSON.stringify(text[err.offset])}`
    return { line: before.length, column: before[before.length - 1]!.length + 1, message: `expected ${err.expected}, ${found}` }
  }
}
