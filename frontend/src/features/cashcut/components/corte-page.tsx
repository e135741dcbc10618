import { useState, type FormEvent, type ReactNode } from 'react'
import { FormDialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { FormField, TextAreaField } from '@/components/form-field'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { formatMoney } from '@/lib/money'
import { errorText } from '@/lib/api-errors'
import { useGetPendingByMethodQuery, useGetPendingByUserQuery, useMakeCutMutation } from '@/features/cashcut/api'
import { CortesAnteriores } from '@/features/cashcut/components/cortes-anteriores'
import { CutSummary } from '@/features/cashcut/components/cut-summary'
import { CutTotals } from '@/features/cashcut/components/cut-totals'
import { cutTitle, openPrint, parseCounted } from '@/features/cashcut/helpers'
import type { ByMethod, Corte } from '@/features/cashcut/types'

function expectedCash(byMethod: ByMethod | undefined): number {
  return byMethod?.totales.find((t) => t.metodo === 'Efectivo')?.venta ?? 0
}

/** 'Hacer corte' confirmation: the cash counted in the drawer (optional) and observations. */
function HacerCorteDialog({
  byMethod,
  onClose,
  onDone,
}: {
  byMethod: ByMethod | undefined
  onClose: () => void
  onDone: (cut: Corte) => void
}) {
  const [counted, setCounted] = useState('')
  const [observaciones, setObservaciones] = useState('')
  const [problem, setProblem] = useState('')
  const [makeCut, { isLoading, error }] = useMakeCutMutation()
  const total = byMethod?.totalGeneral ?? 0

  async function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = parseCounted(counted)
    if (parsed.problem) return setProblem(parsed.problem)
    setProblem('')
    try {
      const body: { efectivoContado?: number; observaciones?: string } = {}
      if (parsed.value !== undefined) body.efectivoContado = parsed.value
      if (observaciones.trim()) body.observaciones = observaciones.trim()
      onDone(await makeCut(body).unwrap())
    } catch {
      // The message stays in the dialog.
    }
  }

  return (
    <FormDialog
      onClose={onClose}
      title="Hacer corte"
      description={
        <span>
          Se cerrarán las ventas pagadas pendientes de corte por <strong className="text-slate-900">{formatMoney(total)}</strong>.
          Efectivo esperado en caja: <strong className="text-slate-900">{formatMoney(expectedCash(byMethod))}</strong>. ¿Deseas
          continuar?
        </span>
      }
      onSubmit={submit}
      busy={isLoading}
      submitLabel="Confirmar"
      busyLabel="Haciendo corte…"
      className="space-y-4"
    >
      <FormField
        label="Efectivo contado en caja (opcional)"
        inputMode="decimal"
        placeholder="0.00"
        value={counted}
        onChange={(e) => setCounted(e.target.value)}
        aria-invalid={Boolean(problem) || undefined}
      />
      <TextAreaField
        label="Observaciones"
        rows={3}
        maxLength={1000}
        value={observaciones}
        onChange={(e) => setObservaciones(e.target.value)}
      />
      {problem ? <ErrorNote>{problem}</ErrorNote> : null}
      <ErrorNote>{errorText(error, 'Error al hacer un corte de caja')}</ErrorNote>
    </FormDialog>
  )
}

/** The cut just made: expected vs counted cash and the difference. */
function CutResult({ cut, onClose }: { cut: Corte; onClose: () => void }) {
  return (
    <section
      role="status"
      aria-labelledby="corte-realizado"
      className="rounded-2xl border border-emerald-300 bg-emerald-50/60 p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="corte-realizado" className="text-lg font-semibold text-emerald-900">
          {cutTitle(cut)} realizado
        </h2>
        <div className="flex gap-2">
          <button type="button" className="btn-secondary min-h-10" onClick={() => openPrint(cut._id)}>
            Imprimir corte
          </button>
          <button type="button" className="btn-secondary min-h-10" onClick={onClose}>
            Cerrar
          </button>
        </div>
      </div>
      <div className="mt-3 max-w-md rounded-xl bg-white p-4">
        <CutSummary cut={cut} />
      </div>
    </section>
  )
}

/**
 * `/corte` 'Cortes de caja' (Cajero, Administrador). `actions`: more buttons beside 'Hacer corte',
 * given by the app (the invoicing feature's 'Factura global').
 */
export function CortePage({ actions }: { actions?: ReactNode } = {}) {
  useDocumentTitle('Cortes de caja')
  const byMethod = useGetPendingByMethodQuery(undefined, { refetchOnMountOrArgChange: true })
  const byUser = useGetPendingByUserQuery(undefined, { refetchOnMountOrArgChange: true })
  const [confirming, setConfirming] = useState(false)
  const [result, setResult] = useState<Corte | null>(null)
  const loading = byMethod.isLoading || byUser.isLoading

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Cortes de caja</h1>
        <div className="flex flex-wrap gap-2">
          {actions}
          <button type="button" className="btn-secondary" onClick={() => openPrint()}>
            Imprimir
          </button>
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              setResult(null)
              setConfirming(true)
            }}
          >
            Hacer corte
          </button>
        </div>
      </div>

      {result ? <CutResult cut={result} onClose={() => setResult(null)} /> : null}

      <div>
        <p className="mb-3 text-sm text-slate-600">Ventas pagadas pendientes de corte.</p>
        {byMethod.error ? (
          <ErrorNote>{errorText(byMethod.error, 'Error al obtener el reporte por metodo de pago')}</ErrorNote>
        ) : null}
        {byUser.error ? <ErrorNote>{errorText(byUser.error, 'Error al obtener el reporte por usuario')}</ErrorNote> : null}
        {loading ? (
          <div className="grid gap-4 md:grid-cols-2">
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : byMethod.error || byUser.error ? null : (
          <div aria-busy={byMethod.isFetching || byUser.isFetching || undefined}>
            <CutTotals byMethod={byMethod.data} byUser={byUser.data} />
          </div>
        )}
      </div>

      <CortesAnteriores />

      {confirming ? (
        <HacerCorteDialog
          byMethod={byMethod.data}
          onClose={() => setConfirming(false)}
          onDone={(cut) => {
            setConfirming(false)
            setResult(cut)
          }}
        />
      ) : null}
    </section>
  )
}
