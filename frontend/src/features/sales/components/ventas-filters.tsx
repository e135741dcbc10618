import { CollapsibleFilters, DayRangeFields, SearchField, SelectFilter } from '@/components/list-filters'
import { options } from '@/lib/list-state'
import { ENVIO_FILTERS, VENTA_SORTS, type VentasFilters } from '@/features/sales/list-params'
import { METODO_VALUES, PAGO_VALUES } from '@/features/sales/types'

type VentasFiltersProps = {
  state: VentasFilters
  onChange: (patch: Partial<VentasFilters>) => void
  onClear: () => void
  /** The search box's label ('Buscar órdenes'). */
  searchLabel: string
  entregaValues: readonly string[]
  withEnvio?: boolean
  /** 'Desde' and 'Hasta' among the filters; off where a date form above sets the range. */
  withDates?: boolean
}

/**
 * A sales list's search (folio, 'Quien Ordena', name, e-mail, phone), filters and sort. On a phone
 * the filters fold behind a 'Filtros' button that says how many are in force.
 */
export function VentasFiltersBar(props: VentasFiltersProps) {
  const { state, onChange, onClear, searchLabel, withDates = true } = props
  const shownKeys: (keyof VentasFilters)[] = ['pago', 'entrega', 'metodo']
  if (props.withEnvio) shownKeys.push('envio')
  if (withDates) shownKeys.push('desde', 'hasta')
  const active = shownKeys.filter((k) => state[k] !== '').length
  return (
    <CollapsibleFilters
      active={active}
      narrowed={active > 0 || state.q !== ''}
      onClear={onClear}
      search={
        <SearchField
          className="min-w-0 flex-1"
          label={searchLabel}
          placeholder="Folio, cliente, correo o teléfono"
          value={state.q}
          onSearch={(q) => onChange({ q })}
        />
      }
    >
      <FilterFields {...props} withDates={withDates} />
    </CollapsibleFilters>
  )
}

function FilterFields({ state, onChange, entregaValues, withEnvio, withDates }: VentasFiltersProps) {
  return (
    <>
      <SelectFilter label="Pago" allLabel="Todos" value={state.pago} options={options(PAGO_VALUES)} onChange={(pago) => onChange({ pago })} />
      <SelectFilter
        label="Entrega"
        allLabel="Todas"
        value={state.entrega}
        options={options(entregaValues)}
        onChange={(entrega) => onChange({ entrega })}
      />
      <SelectFilter
        label="Método de pago"
        allLabel="Todos"
        value={state.metodo}
        options={options(METODO_VALUES)}
        onChange={(metodo) => onChange({ metodo })}
      />
      {withEnvio ? (
        <SelectFilter label="Envío" allLabel="Con y sin envío" value={state.envio} options={ENVIO_FILTERS} onChange={(envio) => onChange({ envio })} />
      ) : null}
      {withDates ? <DayRangeFields desde={state.desde} hasta={state.hasta} onChange={onChange} /> : null}
      <SelectFilter label="Ordenar por" value={state.orden} options={VENTA_SORTS} onChange={(orden) => onChange({ orden })} />
    </>
  )
}
