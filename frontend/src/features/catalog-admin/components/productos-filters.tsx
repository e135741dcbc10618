import { SearchField, SelectFilter } from '@/components/list-filters'
import { type Option } from '@/lib/list-state'
import { categoriaOptions, useListCategoriasQuery } from '@/lib/categorias'

/** The search, category and sort of 'Productos', as kept in the address ('' = not set). */
export type ProductosFilters = { titulo: string; categoria: string; orden: string; archivados: string }

/** Which products the list shows: those in the shop, or the archived ones. */
const SHOWN: readonly Option[] = [
  { value: '', label: 'En la tienda' },
  { value: '1', label: 'Archivados' },
]

const SORTS: readonly Option[] = [
  { value: 'nombre', label: 'Nombre: A a Z' },
  { value: 'stock', label: 'Existencias: de menor a mayor' },
  { value: '-stock', label: 'Existencias: de mayor a menor' },
  { value: '-updatedAt', label: 'Modificados recientemente' },
]

type ProductosFiltersProps = { state: ProductosFilters; onChange: (patch: Partial<ProductosFilters>) => void }

/** 'Buscar productos por nombre...', then the category filter, the sort and 'Mostrar' (en la tienda / archivados). */
export function ProductosFiltersBar({ state, onChange }: ProductosFiltersProps) {
  const { data: categorias = [] } = useListCategoriasQuery()
  return (
    <div className="mt-4 grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr] sm:items-end">
      <SearchField
        label="Buscar productos por nombre..."
        placeholder="Buscar productos por nombre..."
        hideLabel
        value={state.titulo}
        onSearch={(titulo) => onChange({ titulo })}
      />
      <SelectFilter
        label="Categoría"
        allLabel="Todas"
        value={state.categoria}
        options={categoriaOptions(categorias)}
        onChange={(categoria) => onChange({ categoria })}
      />
      <SelectFilter label="Ordenar por" value={state.orden} options={SORTS} onChange={(orden) => onChange({ orden })} />
      <SelectFilter label="Mostrar" value={state.archivados} options={SHOWN} onChange={(archivados) => onChange({ archivados })} />
    </div>
  )
}
