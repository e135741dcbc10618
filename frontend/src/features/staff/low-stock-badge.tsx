import { api } from '@/lib/api'
import { formatCount } from '@/lib/money'

const lowStockApi = api.enhanceEndpoints({ addTagTypes: ['Inventario'] }).injectEndpoints({
  endpoints: (build) => ({
    // Only the count: 'Bajo inventario' itself reads the variants.
    getLowStockCount: build.query<number, void>({
      query: () => ({ url: 'inventario/bajo', params: { limit: 1 } }),
      transformResponse: (body: { meta?: { total?: number } }) => body.meta?.total ?? 0,
      providesTags: ['Inventario', 'Producto'],
    }),
  }),
})

/** How many variants are at or below their minimum, beside 'Bajo inventario' in the drawer; nothing when none. */
export function LowStockBadge() {
  // Sales elsewhere lower the units: look again every minute.
  const { data } = lowStockApi.useGetLowStockCountQuery(undefined, { pollingInterval: 60_000 })
  if (!data) return null
  return (
    <span
      className="ml-auto min-w-6 rounded-full bg-amber-400 px-2 py-0.5 text-center text-xs font-bold text-slate-950 tabular-nums"
      data-testid="bajo-inventario-count"
    >
      {formatCount(data)}
      <span className="sr-only"> {data === 1 ? 'variante' : 'variantes'} por surtir</span>
    </span>
  )
}
