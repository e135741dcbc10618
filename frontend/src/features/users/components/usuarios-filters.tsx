import { SearchField, SelectFilter } from '@/components/list-filters'
import { options, type Option } from '@/lib/list-state'
import { ROLES } from '@/lib/roles'
import type { UsuariosFilters } from '@/features/users/types'

const STATUS: readonly Option[] = [
  { value: 'activo', label: 'Activo' },
  { value: 'inactivo', label: 'Inactivo' },
]

const SORTS: readonly Option[] = [
  { value: 'nombre', label: 'Nombre: A a Z' },
  { value: '-nombre', label: 'Nombre: Z a A' },
  { value: 'email', label: 'Email: A a Z' },
  { value: '-createdAt', label: 'Más recientes primero' },
]

type UsuariosFiltersProps = {
  state: UsuariosFilters
  /** A search or filter narrows the list: 'Quitar filtros' is offered. */
  narrowed: boolean
  onChange: (patch: Partial<UsuariosFilters>) => void
  onClear: () => void
}

/** The search (name, e-mail, phone), the role and status filters and the sort of 'Usuarios'. */
export function UsuariosFiltersBar({ state, narrowed, onChange, onClear }: UsuariosFiltersProps) {
  return (
    <div className="mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <SearchField
          label="Buscar usuarios"
          placeholder="Nombre, correo o teléfono"
          value={state.q}
          onSearch={(q) => onChange({ q })}
          className="sm:col-span-2 lg:col-span-1"
        />
        <SelectFilter label="Rol" allLabel="Todos" value={state.rol} options={options(ROLES)} onChange={(rol) => onChange({ rol })} />
        <SelectFilter label="Status" allLabel="Todos" value={state.status} options={STATUS} onChange={(status) => onChange({ status })} />
        <SelectFilter label="Ordenar por" value={state.orden} options={SORTS} onChange={(orden) => onChange({ orden })} />
      </div>
      {narrowed ? (
        <button type="button" className="link mt-3 text-sm" onClick={onClear}>
          Quitar filtros
        </button>
      ) : null}
    </div>
  )
}
