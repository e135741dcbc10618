import { useId, useState } from 'react'
import { DayRangeFields, SearchField, SelectFilter } from '@/components/list-filters'
import { useMediaQuery } from '@/lib/use-media-query'
import { ESTADO_OPTIONS, TIPO_OPTIONS, type FacturasFilters } from '@/features/invoicing/staff/labels'

/** From this width the filters are always shown; below, behind a 'Filtros' button. */
const ROOMY = '(min-width: 768px)'

type Props = { state: FacturasFilters; onChange: (patch: Partial<FacturasFilters>) => void; onClear: () => void }

/** Search (RFC, folio or UUID), days, tipo and estado. On a phone the filters fold behind 'Filtros'. */
export function FacturasFiltersBar({ state, onChange, onClear }: Props) {
  const roomy = useMediaQuery(ROOMY)
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const active = (['desde', 'hasta', 'tipo', 'estado'] as const).filter((k) => state[k] !== '').length
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-end gap-2">
        <SearchField className="min-w-0 flex-1" label="Buscar facturas" placeholder="RFC, folio o UUID" value={state.q} onSearch={(q) => onChange({ q })} />
        {roomy ? null : (
          <button type="button" className="btn-secondary h-12 shrink-0 px-4" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
            Filtros{active > 0 ? ` (${active})` : ''}
          </button>
        )}
      </div>
      {roomy || open ? (
        <div id={panelId} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <DayRangeFields desde={state.desde} hasta={state.hasta} onChange={onChange} />
          <SelectFilter label="Tipo" allLabel="Todos" value={state.tipo} options={TIPO_OPTIONS} onChange={(tipo) => onChange({ tipo })} />
          <SelectFilter label="Estado" allLabel="Todos" value={state.estado} options={ESTADO_OPTIONS} onChange={(estado) => onChange({ estado })} />
        </div>
      ) : null}
      {active > 0 || state.q !== '' ? (
        <button type="button" className="link mt-3 text-sm" onClick={onClear}>
          Quitar filtros
        </button>
      ) : null}
    </div>
  )
}
