import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import type { Corte } from '@/features/cashcut/types'

/** Who, when, how many sales and drawer movements, the total and the observations (the cash: EfectivoSummary). */
export function CorteSummary({ cut, compact = false }: { cut: Corte; compact?: boolean }) {
  const row = compact ? 'flex justify-between gap-3 py-0.5' : 'flex justify-between gap-3 border-b border-slate-100 py-2'
  return (
    <dl className={compact ? 'text-xs' : 'text-sm'}>
      <div className={row}>
        <dt>Fecha</dt>
        <dd className="font-medium">{formatDateTime(cut.fecha)}</dd>
      </div>
      <div className={row}>
        <dt>Realizó</dt>
        <dd className="font-medium">{cut.nombreUsuario}</dd>
      </div>
      {cut.ventas ? (
        <div className={row}>
          <dt>Ventas cerradas</dt>
          <dd className="font-medium tabular-nums">{cut.ventas.length}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>Total</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(cut.porMetodo.totalGeneral)}</dd>
      </div>
      {cut.numMovimientos ? (
        <div className={row}>
          <dt>Movimientos de caja</dt>
          <dd className="font-medium tabular-nums">{cut.numMovimientos}</dd>
        </div>
      ) : null}
      {cut.observaciones ? (
        <div className={compact ? 'py-0.5' : 'py-2'}>
          <dt>Observaciones</dt>
          <dd className="whitespace-pre-line text-slate-600">{cut.observaciones}</dd>
        </div>
      ) : null}
    </dl>
  )
}
