import { skipToken } from '@reduxjs/toolkit/query'
import { useEffect, useState } from 'react'
import { useAppDispatch } from '@/lib/hooks'
import { Dialog } from '@/components/dialog'
import { api } from '@/lib/api'
import { apiErrorMessage } from '@/lib/api-errors'
import { DownloadError, downloadFile, saveFile } from '@/lib/download'
import { useDownloadAuth } from '@/lib/use-download-auth'
import {
  enCurso,
  IMPORTACION_POLL_MS,
  PLANTILLA_PATH,
  useCreateImportacionMutation,
  useGetImportacionQuery,
  useListImportacionesQuery,
  usePreviewImportacionMutation,
  type PlanImportacion,
  type ProductoImportacion,
  type RechazoImportacion,
  type TrabajoImportacion,
} from '@/features/catalog-admin/importacion-api'
import { filasText, planSummary, progressPct, progressText, resultSummary } from '@/features/catalog-admin/importacion-labels'

/**
 * 'Importar productos': choose a CSV or Excel file (the layout of 'Exportar', or the template),
 * see what it would do (new, changed with before and after, unchanged, refused rows with their
 * reasons), then 'Aplicar' begins the import, which runs on the server: the dialog shows its
 * progress, may be closed meanwhile (opened again, it shows the import still running) and shows
 * the result.
 */
export function ImportarProductosDialog({ onClose }: { onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null)
  const [plan, setPlan] = useState<PlanImportacion | null>(null)
  const [trabajoId, setTrabajoId] = useState<string | null>(null)
  const [failure, setFailure] = useState('')
  const [preview, previewing] = usePreviewImportacionMutation()
  const [apply, applying] = useCreateImportacionMutation()
  const template = useTemplate()
  const recent = useListImportacionesQuery(undefined, { refetchOnMountOrArgChange: true })
  const trabajo = useTrabajoImportacion(trabajoId ?? recent.data?.find(enCurso)?._id ?? null)

  async function review() {
    if (!file) {
      setFailure('Elige el archivo CSV o Excel que quieres importar.')
      return
    }
    setFailure('')
    const res = await preview(file)
    if (res.error) setFailure(apiErrorMessage(res.error, 'No se pudo revisar el archivo.'))
    else setPlan(res.data)
  }

  async function confirm() {
    if (!file) return
    setFailure('')
    const res = await apply(file)
    if (res.error) setFailure(apiErrorMessage(res.error, 'No se pudo importar el archivo.'))
    else setTrabajoId(res.data._id)
  }

  const step = trabajo ? (enCurso(trabajo) ? 'running' : 'done') : plan ? 'plan' : 'file'
  const footer = (
    <ImportacionFooter
      step={step}
      toApply={plan ? plan.nuevos.length + plan.cambios.length : 0}
      busy={previewing.isLoading || applying.isLoading}
      onClose={onClose}
      onReview={() => void review()}
      onApply={() => void confirm()}
    />
  )

  return (
    <Dialog
      open
      onClose={onClose}
      title="Importar productos"
      description="Un archivo CSV o Excel con las columnas de 'Exportar' (una fila por variante). Se actualizan los productos con el mismo ID o modelo y se crean los demás."
      footer={footer}
    >
      <div className="space-y-4 text-sm">
        {trabajo ? null : (
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1">
              <span className="field-label">Archivo CSV o Excel</span>
              <input
                type="file"
                accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null)
                  setPlan(null)
                  setFailure('')
                }}
              />
            </label>
            <button type="button" className="btn-secondary px-4" disabled={template.busy} onClick={() => void template.download()}>
              Descargar plantilla
            </button>
          </div>
        )}
        {failure || template.error ? (
          <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-rose-800">
            {failure || template.error}
          </p>
        ) : null}
        {trabajo ? <Trabajo trabajo={trabajo} /> : plan ? <Plan plan={plan} /> : null}
      </div>
    </Dialog>
  )
}

/**
 * The import job shown (none: null), read again every second while it runs; once it ends, the
 * product lists are read again.
 */
function useTrabajoImportacion(id: string | null): TrabajoImportacion | undefined {
  const dispatch = useAppDispatch()
  const first = useGetImportacionQuery(id ?? skipToken, { refetchOnMountOrArgChange: true })
  const running = !first.data || enCurso(first.data)
  const { data } = useGetImportacionQuery(id ?? skipToken, { pollingInterval: running ? IMPORTACION_POLL_MS : 0 })
  const ended = data !== undefined && !enCurso(data)
  useEffect(() => {
    if (ended) dispatch(api.util.invalidateTags(['Producto']))
  }, [ended, dispatch])
  return id ? data : undefined
}

type FooterProps = {
  step: 'file' | 'plan' | 'running' | 'done'
  toApply: number
  busy: boolean
  onClose: () => void
  onReview: () => void
  onApply: () => void
}

/** The dialog's buttons: 'Revisar archivo', then 'Aplicar', then 'Seguir en segundo plano' while it runs, then 'Listo'. */
function ImportacionFooter({ step, toApply, busy, onClose, onReview, onApply }: FooterProps) {
  if (step === 'running') {
    return (
      <button type="button" className="btn-secondary" onClick={onClose}>
        Seguir en segundo plano
      </button>
    )
  }
  if (step === 'done') {
    return (
      <button type="button" className="btn-primary" onClick={onClose}>
        Listo
      </button>
    )
  }
  return (
    <>
      <button type="button" className="btn-secondary" onClick={onClose}>
        Cancelar
      </button>
      {step === 'plan' ? (
        <button type="button" className="btn-primary" disabled={busy || toApply === 0} onClick={onApply}>
          {busy ? 'Aplicando…' : `Aplicar (${toApply})`}
        </button>
      ) : (
        <button type="button" className="btn-primary" disabled={busy} onClick={onReview}>
          {busy ? 'Revisando…' : 'Revisar archivo'}
        </button>
      )}
    </>
  )
}

/** 'Descargar plantilla': the XLSX template, with the session's token. */
function useTemplate() {
  const { token, onDownloadError } = useDownloadAuth()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  async function download() {
    setBusy(true)
    setError('')
    try {
      const { blob, fileName } = await downloadFile(PLANTILLA_PATH, 'plantilla-productos.xlsx', token)
      saveFile(blob, fileName)
    } catch (err) {
      onDownloadError(err)
      setError(`No se pudo descargar la plantilla: ${err instanceof DownloadError ? err.message : 'ocurrió un error inesperado.'}`)
    } finally {
      setBusy(false)
    }
  }
  return { busy, error, download }
}

function Plan({ plan }: { plan: PlanImportacion }) {
  return (
    <div className="space-y-4" data-testid="plan-importacion">
      <p className="font-medium" role="status">
        {planSummary(plan)}
      </p>
      {plan.columnasIgnoradas.length > 0 ? (
        <p className="text-slate-600">Columnas que no se importan: {plan.columnasIgnoradas.join(', ')}.</p>
      ) : null}
      <ProductoList title="Nuevos" items={plan.nuevos} />
      <Cambios items={plan.cambios} />
      <ProductoList title="Sin cambios" items={plan.sinCambios} />
      <Rechazos title="Rechazados" items={plan.rechazados} />
    </div>
  )
}

function ProductoList({ title, items }: { title: string; items: ProductoImportacion[] }) {
  if (items.length === 0) return null
  return (
    <section aria-label={title}>
      <h3 className="font-semibold text-slate-900">
        {title} ({items.length})
      </h3>
      <ul className="mt-1 list-disc pl-5">
        {items.map((p) => (
          <li key={p.filas.join('-')}>
            {p.producto} <span className="text-slate-500">({filasText(p.filas)})</span>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Cambios({ items }: { items: ProductoImportacion[] }) {
  if (items.length === 0) return null
  return (
    <section aria-label="Con cambios">
      <h3 className="font-semibold text-slate-900">Con cambios ({items.length})</h3>
      <table className="mt-1 w-full text-left">
        <thead>
          <tr>
            <th className="pr-2">Producto</th>
            <th className="pr-2">Campo</th>
            <th className="pr-2">Antes</th>
            <th>Después</th>
          </tr>
        </thead>
        <tbody>
          {items.flatMap((p) =>
            (p.cambios ?? []).map((c, i) => (
              <tr key={`${p.filas.join('-')}-${c.campo}`} data-testid="cambio">
                <td className="pr-2">{i === 0 ? `${p.producto} (${filasText(p.filas)})` : ''}</td>
                <td className="pr-2">{c.campo}</td>
                <td className="pr-2 text-slate-500">{c.antes || '—'}</td>
                <td>{c.despues || '—'}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </section>
  )
}

function Rechazos({ title, items, total = items.length }: { title: string; items: RechazoImportacion[]; total?: number }) {
  if (items.length === 0) return null
  return (
    <section aria-label={title}>
      <h3 className="font-semibold text-rose-800">
        {title} ({total})
      </h3>
      {total > items.length ? <p className="text-slate-600">Se muestran las primeras {items.length}.</p> : null}
      <table className="mt-1 w-full text-left">
        <thead>
          <tr>
            <th className="pr-2">Fila</th>
            <th className="pr-2">Columna</th>
            <th>Motivo</th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={`${r.fila}-${r.columna}-${r.motivo}`} data-testid="rechazo">
              <td className="pr-2">{r.fila}</td>
              <td className="pr-2">{r.columna || '—'}</td>
              <td>{r.motivo}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** A job: its progress while it runs, then its result (or why it stopped). */
function Trabajo({ trabajo }: { trabajo: TrabajoImportacion }) {
  if (enCurso(trabajo)) {
    return (
      <div className="space-y-2" data-testid="progreso-importacion">
        <p role="status" className="font-medium">
          {progressText(trabajo)}
        </p>
        <progress className="w-full" max={100} value={progressPct(trabajo)} aria-label="Avance de la importación" />
        <p className="text-slate-600">La importación sigue aunque cierres esta ventana; vuelve cuando quieras para ver cómo va.</p>
      </div>
    )
  }
  if (trabajo.estado === 'fallida') {
    return (
      <p role="alert" className="rounded-xl bg-rose-50 px-3 py-2 text-rose-800">
        {trabajo.mensaje || 'La importación se detuvo por un error.'}
      </p>
    )
  }
  return (
    <div className="space-y-4">
      <p role="status" className="rounded-xl bg-teal-50 px-3 py-2 text-teal-900">
        {resultSummary(trabajo)}
      </p>
      <Rechazos title="No se pudieron guardar" items={trabajo.errores} total={trabajo.numErrores} />
      <Rechazos title="Rechazados" items={trabajo.rechazados} total={trabajo.numRechazados} />
    </div>
  )
}
