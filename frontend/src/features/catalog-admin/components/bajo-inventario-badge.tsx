import { formatCount } from '@/lib/money'
import { useListBajoInventarioQuery } from '@/features/catalog-admin/inventario-api'

/**
 * How many variants are at or below their minimum, beside 'Bajo inventario' in the staff drawer
 * (src/app/staff-root.tsx puts it there); nothing when none. It asks for one variant of the list:
 * only the total is read.
 */
export function BajoInventarioBadge() {
  // Sales elsewhere lower the units: look again every minute.
  const { data } = useListBajoInventarioQuery({ page: 1, limit: 1 }, { pollingInterval: 60_000 })
  const total = data?.meta.total ?? 0
  if (!total) return null
  return (
    <span
      className="ml-auto min-w-6 rounded-full bg-amber-400 px-2 py-0.5 text-center text-xs font-bold text-slate-950 tabular-nums"
      data-testid="bajo-inventario-count"
    >
      {formatCount(total)}
      <span className="sr-only"> {total === 1 ? 'variante' : 'variantes'} por surtir</span>
    </span>
  )
}
