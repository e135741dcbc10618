import { CollapsibleFilters, DayRangeFields, SearchField, SelectFilter } from '@/components/list-filters'
import { ESTADO_OPTIONS, TIPO_OPTIONS, type FacturasFilters } from '@/features/invoicing/staff/labels'

type Props = { state: FacturasFilters; onChange: (patch: Partial<FacturasFilters>) => void; onClear: () => void }

/** Search (RFC, folio or UUID), days, tipo and estado. On a phone the filters fold behind 'Filtros'. */
export function FacturasFiltersBar({ state, onChange, onClear }: Props) {
  const active = (['desde', 'hasta', 'tipo', 'estado'] as const).filter((k) => state[k] !== '').length
  return (
    <CollapsibleFilters
      active={active}
      narrowed={active > 0 || state.q !== ''}
      onClear={onClear}
      search={<SearchField className="min-w-0 flex-1" label="Buscar facturas" placeholder="RFC, folio o UUID" value={state.q} onSearch={(q) => onChange({ q })} />}
    >
      <DayRangeFields desde={state.desde} hasta={state.hasta} onChange={onChange} />
      <SelectFilter label="Tipo" allLabel="Todos" value={state.tipo} options={TIPO_OPTIONS} onChange={(tipo) => onChange({ tipo })} />
      <SelectFilter label="Estado" allLabel="Todos" value={state.estado} options={ESTADO_OPTIONS} onChange={(estado) => onChange({ estado })} />
    </CollapsibleFilters>
  )
}
