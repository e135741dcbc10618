import { useEffect, useRef, useState } from 'react'
import { ErrorNote } from '@/components/error-note'
import {
  downloadExport,
  DownloadError,
  progressText,
  saveFile,
  type DownloadProgress,
  type ExportFormat,
} from '@/lib/download'
import { formatCount } from '@/lib/money'
import { useDownloadAuth } from '@/lib/use-download-auth'

type ExportControlProps = {
  /** The export's path under /v1, without `formato` (e.g. "/v1/ventas/exportar"). */
  path: string
  /** Its other parameters (the screen's range); empty ones are left out. */
  params?: Record<string, string>
  /** What is exported, for the messages ("ventas"). */
  what: string
}

type State =
  | { kind: 'idle' }
  | { kind: 'busy'; progress: DownloadProgress }
  | { kind: 'done'; fileName: string; rows: number | null }
  | { kind: 'error'; message: string }

const LABELS: Record<ExportFormat, string> = { csv: 'CSV', xlsx: 'Excel' }

function Progress({ progress, what, onCancel }: { progress: DownloadProgress; what: string; onCancel: () => void }) {
  const determinate = progress.rows !== null && progress.total !== null && progress.total > 0
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="flex min-w-0 flex-1 items-center gap-3">
        <span className="shrink-0 font-medium">Exportando {what}</span>
        <progress
          className="h-2 min-w-24 flex-1 accent-brand-700"
          max={determinate ? (progress.total ?? 1) : undefined}
          value={determinate ? Math.min(progress.rows ?? 0, progress.total ?? 0) : undefined}
        />
      </label>
      <span className="tabular-nums" data-testid="export-progress">
        {progressText(progress)}
      </span>
      <button type="button" className="btn-secondary px-4" onClick={onCancel}>
        Cancelar
      </button>
    </div>
  )
}

function useExport(path: string, params: Record<string, string> | undefined, what: string) {
  const { token, onDownloadError } = useDownloadAuth()
  const [state, setState] = useState<State>({ kind: 'idle' })
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  async function start(format: ExportFormat) {
    abort.current?.abort()
    const controller = new AbortController()
    abort.current = controller
    const query = Object.entries<string>({ ...params, formato: format }).filter(([, v]) => v !== '')
    const url = `${path}?${new URLSearchParams(query)}`
    setState({ kind: 'busy', progress: { format, bytes: 0, rows: format === 'csv' ? 0 : null, total: null } })
    try {
      const result = await downloadExport(url, format, {
        token,
        signal: controller.signal,
        onProgress: (progress) => setState({ kind: 'busy', progress }),
      })
      saveFile(result.blob, result.fileName)
      setState({ kind: 'done', fileName: result.fileName, rows: result.rows ?? result.total })
    } catch (err) {
      if (controller.signal.aborted) {
        setState({ kind: 'idle' })
        return
      }
      onDownloadError(err)
      const why = err instanceof DownloadError ? err.message : 'Ocurrió un error inesperado.'
      setState({ kind: 'error', message: `Error al exportar ${what}: ${why}` })
    } finally {
      if (abort.current === controller) abort.current = null
    }
  }
  return { state, start, cancel: () => abort.current?.abort() }
}

/**
 * 'Exportar' (CSV / Excel) on a staff list: downloads the export of the screen's range, shows the
 * rows (or bytes) received against the rows the server announced, then saves the file.
 */
export function ExportControl({ path, params, what }: ExportControlProps) {
  const { state, start, cancel } = useExport(path, params, what)
  const busy = state.kind === 'busy'
  return (
    <div className="space-y-2 text-sm text-slate-700">
      <div role="group" aria-label={`Exportar ${what}`} className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900">Exportar</span>
        {(['csv', 'xlsx'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="btn-secondary px-4"
            disabled={busy}
            onClick={() => void start(format)}
            aria-label={`Exportar ${what} a ${LABELS[format]}`}
          >
            {LABELS[format]}
          </button>
        ))}
      </div>
      <div aria-live="polite">
        {state.kind === 'busy' ? <Progress progress={state.progress} what={what} onCancel={cancel} /> : null}
        {state.kind === 'done' ? (
          <p className="text-emerald-800">
            Listo: se guardó {state.fileName}
            {state.rows !== null ? ` (${formatCount(state.rows)} ${state.rows === 1 ? 'fila' : 'filas'})` : ''}.
          </p>
        ) : null}
      </div>
      {state.kind === 'error' ? <ErrorNote>{state.message}</ErrorNote> : null}
    </div>
  )
}
