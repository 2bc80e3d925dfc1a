/** CSV as RFC 4180 writes it: fields with commas, quotes or line breaks are quoted, quotes doubled. */
export function csvField(v: string | number | boolean | null | undefined): string {
  if (v === null || v === undefined) return ''
  const s = String(v)
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return values.map(csvField).join(',')
}

/** A header line and one line per row, each ending in CRLF-free `\n`. */
export function csvTable(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return [csvLine(header), ...rows.map(csvLine)].join('\n') + '\n'
}
