import { afterEach, describe, expect, it, vi } from 'vitest'
import { CsvRowCounter, downloadExport, DOWNLOAD_ERRORS, fileNameOf, formatBytes, progressText, type DownloadProgress } from '@/lib/download'

const encoder = new TextEncoder()

/** A streamed answer of these chunks; with `fail`, the stream breaks after them (a cut connection). */
function streamed(chunks: (string | Uint8Array)[], headers: Record<string, string>, fail = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === 'string' ? encoder.encode(c) : c)
      if (fail) controller.error(new TypeError('network error'))
      else controller.close()
    },
  })
  return new Response(body, { status: 200, headers })
}

const CSV_HEADERS = {
  'Content-Type': 'text/csv; charset=utf-8',
  'Content-Disposition': 'attachment; filename="ventas-2026-11-01-a-2026-11-30.csv"',
  'X-Total-Filas': '3',
}

afterEach(() => vi.unstubAllGlobals())

describe('CsvRowCounter', () => {
  it('counts the rows, not the line breaks inside quoted fields, across chunks', () => {
    const c = new CsvRowCounter()
    const text = '\ufeffFolio,Cliente\r\nF-1,"Pérez, Juan\r\nsegunda ""línea"""\r\nF-2,Ana\r\nF-3,"x"\r\n'
    const bytes = encoder.encode(text)
    for (let i = 0; i < bytes.length; i += 5) c.feed(bytes.slice(i, i + 5))
    expect(c.rows).toBe(3)
  })
})

describe('downloadExport', () => {
  it('reports the rows received against X-Total-Filas and answers the file', async () => {
    const fetchMock = vi.fn(async () =>
      streamed(['\ufeffFolio,Total\r\nF-1,1.00\r\n', 'F-2,"a\r\nb"\r', '\nF-3,3.00\r\n'], CSV_HEADERS),
    )
    vi.stubGlobal('fetch', fetchMock)
    const seen: DownloadProgress[] = []
    const result = await downloadExport('/v1/ventas/exportar?formato=csv', 'csv', { token: 'tok', onProgress: (p) => seen.push(p) })
    expect(fetchMock).toHaveBeenCalledWith('/v1/ventas/exportar?formato=csv', expect.objectContaining({ headers: { Authorization: 'Bearer tok' } }))
    expect(seen.map((p) => p.rows)).toEqual([0, 1, 1, 3])
    expect(seen.every((p) => p.total === 3)).toBe(true)
    expect(progressText(seen[3])).toBe('3 de 3 filas')
    expect(result.fileName).toBe('ventas-2026-11-01-a-2026-11-30.csv')
    expect(result.rows).toBe(3)
    expect(await result.blob.text()).toContain('F-3,3.00')
  })

  it('shows the bytes of an XLSX and checks it ends as a zip', async () => {
    const zipEnd = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)])
    const headers = { 'X-Total-Filas': '20000', 'Content-Disposition': 'attachment; filename="cortes-al-2026-11-30.xlsx"' }
    vi.stubGlobal('fetch', vi.fn(async () => streamed([new Uint8Array(1500).fill(1), zipEnd.slice(0, 10), zipEnd.slice(10)], headers)))
    const seen: DownloadProgress[] = []
    const result = await downloadExport('/x', 'xlsx', { token: null, onProgress: (p) => seen.push(p) })
    expect(progressText(seen[0])).toBe('Preparando el archivo (20,000 filas)…')
    expect(progressText(seen[1])).toBe('2 kB recibidos')
    expect(result.fileName).toBe('cortes-al-2026-11-30.xlsx')
    expect(result.blob.size).toBe(1522)

    vi.stubGlobal('fetch', vi.fn(async () => streamed([new Uint8Array(1500).fill(1)], headers)))
    await expect(downloadExport('/x', 'xlsx', { token: null })).rejects.toThrow(DOWNLOAD_ERRORS.cut)
  })

  it('says in Spanish why it failed: the server, a cut connection, no connection, the session', async () => {
    const error = (status: number, message: string) =>
      new Response(JSON.stringify({ error: { code: 'invalid', message, fields: { formato: 'Debe ser csv o xlsx.' } } }), { status })
    vi.stubGlobal('fetch', vi.fn(async () => error(400, 'Parámetro inválido.')))
    await expect(downloadExport('/x', 'csv', { token: 't' })).rejects.toThrow('Parámetro inválido.')
    await expect(downloadExport('/x', 'csv', { token: 't' })).rejects.toMatchObject({ unauthorized: false })
    vi.stubGlobal('fetch', vi.fn(async () => error(401, 'Inicia sesión')))
    await expect(downloadExport('/x', 'csv', { token: 't' })).rejects.toThrow(DOWNLOAD_ERRORS.session)
    await expect(downloadExport('/x', 'csv', { token: 't' })).rejects.toMatchObject({ unauthorized: true })
    vi.stubGlobal('fetch', vi.fn(async () => new Response('boom', { status: 500 })))
    await expect(downloadExport('/x', 'csv', { token: 't' })).rejects.toThrow(DOWNLOAD_ERRORS.failed)
    vi.stubGlobal('fetch', vi.fn(async () => streamed(['\ufeffFolio\r\nF-1\r\n'], CSV_HEADERS, true)))
    await expect(downloadExport('/x', 'csv', { token: 't' })).rejects.toThrow(DOWNLOAD_ERRORS.cut)
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    await expect(downloadExport('/x', 'csv', { token: 't' })).rejects.toThrow(DOWNLOAD_ERRORS.offline)
  })

  it('gives the abort back as is when cancelled', async () => {
    const controller = new AbortController()
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
      controller.abort()
      throw init.signal?.reason
    }))
    await expect(downloadExport('/x', 'csv', { token: 't', signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('helpers', () => {
  it('reads the file name and formats sizes', () => {
    expect(fileNameOf('attachment; filename="productos-2026-11-30.csv"', 'x.csv')).toBe('productos-2026-11-30.csv')
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv')
    expect(formatBytes(350_400)).toBe('350 kB')
    expect(formatBytes(2_345_678)).toBe('2.3 MB')
  })
})
