/**
 * Downloads an export of the API (GET /v1/.../exportar) with fetch, reading its body as it comes
 * so that the screen can show the progress: the rows of a CSV received against the
 * `X-Total-Filas` header, or the bytes of an XLSX (a zip, whose rows cannot be counted on the way).
 * The file is then saved with a link to the received Blob.
 */

import { formatCount } from '@/lib/money'

export type ExportFormat = 'csv' | 'xlsx'

export type DownloadProgress = {
  format: ExportFormat
  /** Bytes received so far. */
  bytes: number
  /** Data rows received so far (CSV), or null (XLSX). */
  rows: number | null
  /** The rows the server announced (`X-Total-Filas`), or null when it did not say. */
  total: number | null
}

export type DownloadResult = { blob: Blob; fileName: string; rows: number | null; total: number | null }

/** A failed download; its message is Spanish and may be shown as is. */
export class DownloadError extends Error {
  /** The server refused the session's token (401): the user is to be signed out (useDownloadAuth). */
  readonly unauthorized: boolean

  constructor(message: string, { unauthorized = false } = {}) {
    super(message)
    this.unauthorized = unauthorized
  }
}

export const DOWNLOAD_ERRORS = {
  offline: 'No hay conexión con el servidor.',
  cut: 'La descarga se interrumpió. Inténtalo de nuevo.',
  session: 'Tu sesión terminó o ya no es válida. Inicia sesión de nuevo.',
  failed: 'El servidor no pudo generar el archivo.',
} as const

/**
 * Counts the rows of a CSV as its bytes arrive: line feeds outside quoted fields (a field may
 * hold a line break). The header is the first line.
 */
export class CsvRowCounter {
  private quoted = false
  private lines = 0

  feed(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]
      if (b === 0x22) this.quoted = !this.quoted // "" inside a field toggles twice
      else if (b === 0x0a && !this.quoted) this.lines++
    }
  }

  /** Data rows complete so far (the header aside). */
  get rows(): number {
    return Math.max(0, this.lines - 1)
  }
}

/** The file name of a `Content-Disposition: attachment; filename="..."` header. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(disposition ?? '')
  return match ? match[1] : fallback
}

/** Whether the bytes end as a zip file does (its end-of-central-directory record). */
function endsAsZip(tail: Uint8Array): boolean {
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail[i] === 0x50 && tail[i + 1] === 0x4b && tail[i + 2] === 0x05 && tail[i + 3] === 0x06) return true
  }
  return false
}

/** The last 64 bytes of tail followed by chunk. */
function lastBytes(tail: Uint8Array, chunk: Uint8Array): Uint8Array {
  if (chunk.length >= 64) return chunk.slice(-64)
  const both = new Uint8Array(tail.length + chunk.length)
  both.set(tail)
  both.set(chunk, tail.length)
  return both.slice(-64)
}

async function errorOf(res: Response): Promise<DownloadError> {
  if (res.status === 401) return new DownloadError(DOWNLOAD_ERRORS.session, { unauthorized: true })
  try {
    const body = (await res.json()) as { error?: { message?: unknown } }
    const message = body.error?.message
    if (typeof message === 'string' && message.trim() !== '') return new DownloadError(message)
  } catch {
    // not JSON: the generic message below
  }
  return new DownloadError(DOWNLOAD_ERRORS.failed)
}

type Options = {
  token: string | null
  signal?: AbortSignal
  onProgress?: (p: DownloadProgress) => void
}

/** Downloads url; rejects with a DownloadError (Spanish), or the AbortError when signal aborts. */
export async function downloadExport(url: string, format: ExportFormat, { token, signal, onProgress }: Options): Promise<DownloadResult> {
  let res: Response
  try {
    res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal })
  } catch (err) {
    if (signal?.aborted) throw err
    throw new DownloadError(DOWNLOAD_ERRORS.offline)
  }
  if (!res.ok || !res.body) throw await errorOf(res)
  const announced = Number.parseInt(res.headers.get('X-Total-Filas') ?? '', 10)
  const total = Number.isFinite(announced) ? announced : null
  const counter = format === 'csv' ? new CsvRowCounter() : null
  const chunks: Uint8Array[] = []
  let bytes = 0
  let tail: Uint8Array = new Uint8Array() // the last bytes, for the zip's end
  onProgress?.({ format, bytes, rows: counter ? 0 : null, total })
  const reader = res.body.getReader()
  const stop = () => void reader.cancel().catch(() => {})
  signal?.addEventListener('abort', stop, { once: true })
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks.push(value)
      bytes += value.length
      counter?.feed(value)
      if (!counter) tail = lastBytes(tail, value)
      onProgress?.({ format, bytes, rows: counter ? counter.rows : null, total })
    }
  } catch (err) {
    if (signal?.aborted) throw err
    throw new DownloadError(DOWNLOAD_ERRORS.cut)
  } finally {
    signal?.removeEventListener('abort', stop)
  }
  signal?.throwIfAborted() // a cancelled read ends as if the file were whole
  if (format === 'xlsx' && !endsAsZip(tail)) throw new DownloadError(DOWNLOAD_ERRORS.cut)
  const fileName = fileNameOf(res.headers.get('Content-Disposition'), `exportacion.${format}`)
  const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName, rows: counter ? counter.rows : null, total }
}

/**
 * Downloads one file of the API as it is (a factura's PDF or XML) with the session's token;
 * rejects with a DownloadError (Spanish). The name comes from `Content-Disposition`, else `fallbackName`.
 */
export async function downloadFile(url: string, fallbackName: string, token: string | null): Promise<{ blob: Blob; fileName: string }> {
  let res: Response
  try {
    res = await fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  } catch {
    throw new DownloadError(DOWNLOAD_ERRORS.offline)
  }
  if (!res.ok) throw await errorOf(res)
  try {
    return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('Content-Disposition'), fallbackName) }
  } catch {
    throw new DownloadError(DOWNLOAD_ERRORS.cut)
  }
}

/** Saves a Blob as a file of that name (the browser's download). */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = href
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(href), 60_000)
}

/** Bytes as kB or MB, for the progress of a download: "350 kB", "2.3 MB". */
export function formatBytes(n: number): string {
  if (n < 1_000_000) return `${formatCount(Math.max(1, Math.round(n / 1000)))} kB`
  return `${(n / 1_000_000).toFixed(1)} MB`
}

/** What the progress says: rows against the total (CSV), or the bytes (XLSX, a zip). */
export function progressText(p: DownloadProgress): string {
  if (p.rows !== null && p.total !== null) return `${formatCount(p.rows)} de ${formatCount(p.total)} filas`
  if (p.bytes === 0) {
    const rows = p.total !== null ? ` (${formatCount(p.total)} filas)` : ''
    return `Preparando el archivo${rows}…`
  }
  return `${formatBytes(p.bytes)} recibidos`
}
