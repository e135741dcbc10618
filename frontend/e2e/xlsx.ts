import zlib from 'node:zlib'

// Just enough of a zip and of SpreadsheetML to read back an exported worksheet in a browser test,
// without a dependency: the entry by name (stored or deflated), and the rows of a sheet with each
// cell's raw value (inline strings, numbers) and style.

/** The bytes of the zip entry `name`. */
export function zipEntry(zip: Buffer, name: string): Buffer {
  let end = zip.length - 22
  while (end >= 0 && zip.readUInt32LE(end) !== 0x06054b50) end--
  if (end < 0) throw new Error('not a zip file')
  const entries = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('bad central directory')
    const method = zip.readUInt16LE(at + 10)
    const size = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extra = zip.readUInt16LE(at + 30)
    const comment = zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
      const data = zip.subarray(start, start + size)
      return method === 8 ? zlib.inflateRawSync(data) : Buffer.from(data)
    }
    at += 46 + nameLength + extra + comment
  }
  throw new Error(`no ${name} in the zip file`)
}

export type SheetCell = { ref: string; value: string; type: string; style: string }

const unescape = (s: string) =>
  s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&')

/** The rows of a worksheet's XML, each a list of its cells. */
export function sheetRows(xml: string): SheetCell[][] {
  const rows: SheetCell[][] = []
  for (const row of xml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: SheetCell[] = []
    for (const c of row[1].matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const attr = (n: string) => new RegExp(`\\b${n}="([^"]*)"`).exec(c[1])?.[1] ?? ''
      const body = c[2] ?? ''
      const text = /<t\b[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1] ?? /<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? ''
      cells.push({ ref: attr('r'), value: unescape(text), type: attr('t'), style: attr('s') })
    }
    rows.push(cells)
  }
  return rows
}
