import { useState, type FormEvent, type ReactNode } from 'react'
import { FormDialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { TextAreaField } from '@/components/form-field'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { formatMoney } from '@/lib/money'
import { errorText } from '@/lib/api-errors'
import {
  useGetPendientePorMetodoQuery,
  useGetPendientePorUsuarioQuery,
  useGetPendienteCajaQuery,
  useCreateCorteMutation,
} from '@/features/cashcut/api'
import { EfectivoSummary } from '@/features/cashcut/components/efectivo-summary'
import { MovimientoDialog, MovimientoList } from '@/features/cashcut/components/movimientos-caja'
import { CortesAnteriores } from '@/features/cashcut/components/cortes-anteriores'
import { CorteSummary } from '@/features/cashcut/components/corte-summary'
import { CorteTotals } from '@/features/cashcut/components/corte-totals'
import { DenominationCount } from '@/features/cashcut/components/denomination-count'
import {
  DENOMINACIONES,
  MOVIMIENTO_LABELS,
  NOTHING_FOR_CORTE,
  NO_PIECES,
  counted,
  corteTitle,
  openPrint,
  readPieces,
  type Pieces,
} from '@/features/cashcut/helpers'
import type { ByMethod, Conteo, Corte, CorteRequest, PendienteCaja, TipoMovimiento } from '@/features/cashcut/types'

/** Each pending cashier's drawer counted by denomination, or why there is nothing to count. */
function DrawerCounts({
  pending,
  counts,
  onChange,
}: {
  pending: PendienteCaja
  counts: Record<string, Pieces>
  onChange: (update: (all: Record<string, Pieces>) => Record<string, Pieces>) => void
}) {
  if (pending.porCajero.length === 0) return <p className="text-sm text-slate-600">No hay efectivo que contar.</p>
  return (
    <>
      <p className="text-sm text-slate-600">Cuenta el efectivo de cada caja por denominación (opcional).</p>
      {pending.porCajero.map((c) => (
        <DenominationCount
          key={c.usuarioId}
          title={`Conteo de ${c.nombreUsuario || 'Sin nombre'}`}
          expected={c.efectivoEsperado}
          pieces={counts[c.usuarioId] ?? NO_PIECES}
          onChange={(pieces) => onChange((all) => ({ ...all, [c.usuarioId]: pieces }))}
        />
      ))}
    </>
  )
}

/** The counts typed, as 'Hacer corte' sends them, or the cashier whose count is wrong. */
function countsToSend(pending: PendienteCaja, counts: Record<string, Pieces>): { conteos: Conteo[]; wrong?: string } {
  const conteos: Conteo[] = []
  for (const c of pending.porCajero) {
    const pieces = counts[c.usuarioId] ?? NO_PIECES
    if (!counted(pieces)) continue
    if (pieces.some((p) => readPieces(p).problem)) return { conteos, wrong: c.nombreUsuario }
    conteos.push({
      usuarioId: c.usuarioId,
      denominaciones: DENOMINACIONES.map((d, i) => ({ ...d, cantidad: readPieces(pieces[i]).value ?? 0 })),
    })
  }
  return { conteos }
}

/**
 * 'Hacer corte' confirmation: each cashier's drawer counted by denomination (optional; the total,
 * the cash calculated and the difference shown as it is typed) and observations.
 */
function HacerCorteDialog({
  byMethod,
  pending,
  onClose,
  onDone,
}: {
  byMethod: ByMethod | undefined
  pending: PendienteCaja
  onClose: () => void
  onDone: (corte: Corte) => void
}) {
  const [counts, setCounts] = useState<Record<string, Pieces>>({})
  const [observaciones, setObservaciones] = useState('')
  const [problem, setProblem] = useState('')
  const [createCorte, { isLoading, error }] = useCreateCorteMutation()
  const total = byMethod?.totalGeneral ?? 0

  async function submit(event: FormEvent) {
    event.preventDefault()
    const { conteos, wrong } = countsToSend(pending, counts)
    if (wrong !== undefined) return setProblem(`Revisa el conteo de ${wrong}: cada denominación es un número entero de piezas.`)
    setProblem('')
    try {
      const body: CorteRequest = {}
      if (conteos.length > 0) body.conteos = conteos
      if (observaciones.trim()) body.observaciones = observaciones.trim()
      onDone(await createCorte(body).unwrap())
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
          Se cerrarán las ventas pagadas y los movimientos de caja pendientes de corte por{' '}
          <strong className="text-slate-900">{formatMoney(total)}</strong>. Efectivo esperado en caja:{' '}
          <strong className="text-slate-900">{formatMoney(pending.efectivoEsperado)}</strong>. ¿Deseas continuar?
        </span>
      }
      onSubmit={submit}
      busy={isLoading}
      submitLabel="Confirmar"
      busyLabel="Haciendo corte…"
      className="max-h-[60vh] space-y-4 overflow-y-auto pr-1"
    >
      <DrawerCounts pending={pending} counts={counts} onChange={setCounts} />
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
function CorteResult({ corte, onClose }: { corte: Corte; onClose: () => void }) {
  return (
    <section
      role="status"
      aria-labelledby="corte-realizado"
      className="rounded-2xl border border-emerald-300 bg-emerald-50/60 p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id="corte-realizado" className="text-lg font-semibold text-emerald-900">
          {corteTitle(corte)} realizado
        </h2>
        <div className="flex gap-2">
          <button type="button" className="btn-secondary min-h-10" onClick={() => openPrint(corte._id)}>
            Imprimir corte
          </button>
          <button type="button" className="btn-secondary min-h-10" onClick={onClose}>
            Cerrar
          </button>
        </div>
      </div>
      <div className="mt-3 max-w-md rounded-xl bg-white p-4">
        <CorteSummary corte={corte} />
      </div>
      <div className="mt-4">
        <EfectivoSummary efectivo={corte} porCajero={corte.porCajero} />
      </div>
    </section>
  )
}

/** 'Caja': the float, withdrawal and deposit forms, the cash each drawer should hold, and the movements waiting for the cut. */
function PendingDrawer({ caja }: { caja: ReturnType<typeof useGetPendienteCajaQuery> }) {
  const [movimiento, setMovimiento] = useState<TipoMovimiento | null>(null)
  return (
    <>
      <section aria-labelledby="movimientos-de-caja" className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50/60 p-5 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="movimientos-de-caja" className="text-lg font-semibold text-slate-900">
            Caja
          </h2>
          <div className="flex flex-wrap gap-2">
            {(['fondo', 'retiro', 'deposito'] as const).map((tipo) => (
              <button key={tipo} type="button" className="btn-secondary min-h-10" onClick={() => setMovimiento(tipo)}>
                {MOVIMIENTO_LABELS[tipo]}
              </button>
            ))}
          </div>
        </div>
        {caja.error ? <ErrorNote>{errorText(caja.error, 'Error al obtener el efectivo en caja')}</ErrorNote> : null}
        {caja.isLoading ? <Skeleton className="h-32 w-full" /> : null}
        {caja.data ? (
          <div className="space-y-4" aria-busy={caja.isFetching || undefined}>
            <EfectivoSummary efectivo={caja.data} porCajero={caja.data.porCajero} />
            <div>
              <h3 className="text-sm font-semibold text-slate-900">Movimientos de caja pendientes de corte</h3>
              <MovimientoList movimientos={caja.data.movimientos} empty="No hay movimientos de caja pendientes de corte." />
            </div>
          </div>
        ) : null}
      </section>
      {movimiento ? <MovimientoDialog tipo={movimiento} onClose={() => setMovimiento(null)} onDone={() => setMovimiento(null)} /> : null}
    </>
  )
}

/**
 * `/corte` 'Cortes de caja' (Cajero, Administrador). `actions`: more buttons beside 'Hacer corte',
 * given by the app (the invoicing feature's 'Factura global').
 */
export function CortePage({ actions }: { actions?: ReactNode } = {}) {
  useDocumentTitle('Cortes de caja')
  const byMethod = useGetPendientePorMetodoQuery(undefined, { refetchOnMountOrArgChange: true })
  const byUsuario = useGetPendientePorUsuarioQuery(undefined, { refetchOnMountOrArgChange: true })
  const caja = useGetPendienteCajaQuery(undefined, { refetchOnMountOrArgChange: true })
  const [confirming, setConfirming] = useState(false)
  const [result, setResult] = useState<Corte | null>(null)
  const loading = byMethod.isLoading || byUsuario.isLoading
  const nothing = caja.data !== undefined && !caja.data.pendiente

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand-900">Cortes de caja</h1>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          <button type="button" className="btn-secondary" onClick={() => openPrint()}>
            Imprimir
          </button>
          <button
            type="button"
            className="btn-primary"
            disabled={!caja.data?.pendiente}
            aria-describedby={nothing ? 'corte-sin-pendientes' : undefined}
            onClick={() => {
              setResult(null)
              setConfirming(true)
            }}
          >
            Hacer corte
          </button>
        </div>
      </div>
      {nothing ? (
        <p id="corte-sin-pendientes" className="-mt-3 text-right text-sm text-slate-600">
          {NOTHING_FOR_CORTE}
        </p>
      ) : null}

      {result ? <CorteResult corte={result} onClose={() => setResult(null)} /> : null}

      <div>
        <p className="mb-3 text-sm text-slate-600">Ventas pagadas pendientes de corte.</p>
        {byMethod.error ? (
          <ErrorNote>{errorText(byMethod.error, 'Error al obtener el reporte por metodo de pago')}</ErrorNote>
        ) : null}
        {byUsuario.error ? <ErrorNote>{errorText(byUsuario.error, 'Error al obtener el reporte por usuario')}</ErrorNote> : null}
        {loading ? (
          <div className="grid gap-4 md:grid-cols-2">
            <Skeleton className="h-40 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : byMethod.error || byUsuario.error ? null : (
          <div aria-busy={byMethod.isFetching || byUsuario.isFetching || undefined}>
            <CorteTotals byMethod={byMethod.data} byUsuario={byUsuario.data} />
          </div>
        )}
      </div>

      <PendingDrawer caja={caja} />

      <CortesAnteriores />

      {confirming && caja.data ? (
        <HacerCorteDialog
          byMethod={byMethod.data}
          pending={caja.data}
          onClose={() => setConfirming(false)}
          onDone={(corte) => {
            setConfirming(false)
            setResult(corte)
          }}
        />
      ) : null}
    </section>
  )
}
