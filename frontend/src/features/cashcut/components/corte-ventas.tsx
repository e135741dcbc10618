import { formatMoney } from '@/lib/money'
import type { CorteVenta } from '@/features/cashcut/types'

/**
 * 'Ventas del corte': each sale of a cut with its folio, payment method and total; on screen also
 * who took it. `compact` is the printed receipt's (dashed rule, small text, 80 mm wide). Nothing
 * when the cut has no sales.
 */
export function CorteVentas({ ventas, compact = false }: { ventas: CorteVenta[] | undefined; compact?: boolean }) {
  if (!ventas || ventas.length === 0) return null
  const Heading = compact ? 'h2' : 'h3'
  return (
    <section className={compact ? 'mt-4' : undefined} aria-label="Ventas del corte">
      <Heading className={compact ? 'border-b border-dashed border-black pb-1 text-sm font-bold uppercase' : 'text-sm font-bold uppercase'}>
        Ventas
      </Heading>
      <ul className={compact ? 'text-[11px]' : 'mt-1 divide-y divide-slate-100 text-xs'}>
        {ventas.map((v) => (
          <li key={v._id} className={compact ? 'flex justify-between gap-2 py-0.5' : 'flex justify-between gap-3 py-1'}>
            <span>{compact ? `${v.folio} ${v.metodoPago}` : `${v.folio} · ${v.metodoPago} · ${v.usuario}`}</span>
            <span className="tabular-nums">{formatMoney(v.total)}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
