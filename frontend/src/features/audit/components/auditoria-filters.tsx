import { DayRangeFields, SearchField, SelectFilter } from '@/components/list-filters'
import { hasFilters } from '@/lib/list-state'
import { AUDITORIA_DEFAULTS, COLLECTIONS } from '@/features/audit/labels'
import type { AuditoriaFilters } from '@/features/audit/types'

type AuditoriaFiltersProps = {
  state: AuditoriaFilters
  onChange: (patch: Partial<AuditoriaFilters>) => void
  onClear: () => void
}

/** The 'Auditoría' filters: colección, registro, usuario and dates; each change goes back to page 1. */
export function AuditoriaFiltersBar({ state, onChange, onClear }: AuditoriaFiltersProps) {
  return (
    <div className="mt-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <SelectFilter label="Colección" allLabel="Todas" value={state.coleccion} options={COLLECTIONS} onChange={(coleccion) => onChange({ coleccion })} />
        <SearchField label="Registro" placeholder="Id, nombre, correo o folio" value={state.registro} onSearch={(registro) => onChange({ registro })} />
        <SearchField label="Usuario" placeholder="Id o nombre" value={state.usuario} onSearch={(usuario) => onChange({ usuario })} />
        <DayRangeFields desde={state.desde} hasta={state.hasta} labels={['Fecha de inicio', 'Fecha de fin']} onChange={onChange} />
      </div>
      {hasFilters(state, AUDITORIA_DEFAULTS) ? (
        <button type="button" className="link mt-3 text-sm" onClick={onClear}>
          Quitar filtros
        </button>
      ) : null}
    </div>
  )
}
