import { formatDateTime } from '@/lib/dates'
import { formatMoney } from '@/lib/money'
import type { Corte } from '@/features/cashcut/types'

/** Who, when, how many sales and drawer movements, the total and the observations (the cash: EfectivoSummary). */
export function CorteSummary({ corte, compact = false }: { corte: Corte; compact?: boolean }) {
  const row = compact ? 'flex justify-between gap-3 py-0.5' : 'flex justify-between gap-3 border-b border-slate-100 py-2'
  return (
    <dl className={compact ? 'text-xs' : 'text-sm'}>
      <div className={row}>
        <dt>Fecha</dt>
        <dd className="font-medium">{formatDateTime(corte.fecha)}</dd>
      </div>
      <div className={row}>
        <dt>Realizó</dt>
        <dd className="font-medium">{corte.nombreUsuario}</dd>
      </div>
      {corte.ventas ? (
        <div className={row}>
          <dt>Ventas cerradas</dt>
          <dd className="font-medium tabular-nums">{corte.ventas.length}</dd>
        </div>
      ) : null}
      <div className={row}>
        <dt>Total</dt>
        <dd className="font-semibold tabular-nums">{formatMoney(corte.porMetodo.totalGeneral)}</dd>
      </div>
      {corte.numMovimientos ? (
        <div className={row}>
          <dt>Movimientos de caja</dt>
          <dd className="font-medium tabular-nums">{corte.numMovimientos}</dd>
        </div>
      ) : null}
      {corte.observaciones ? (
        <div className={compact ? 'py-0.5' : 'py-2'}>
          <dt>Observaciones</dt>
          <dd className="whitespace-pre-line text-slate-600">{corte.observaciones}</dd>
        </div>
      ) : null}
    </dl>
  )
}
