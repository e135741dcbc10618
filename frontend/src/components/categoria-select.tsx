import { categoriaOptions, resolveCategoria, useListCategoriasQuery } from '@/lib/categorias'

type Props = { value: string; onChange: (id: string) => void; id?: string }

/**
 * The product form's 'Categoría': the shop's categories, indented by level. A product saved
 * before categories were data names its category by name: the select shows that category.
 */
export function CategoriaSelect({ value, onChange, id }: Props) {
  const { data = [], isLoading } = useListCategoriasQuery()
  const selected = resolveCategoria(data, value)?.id ?? value
  return (
    <select id={id} className="field-input" value={selected} disabled={isLoading} onChange={(e) => onChange(e.target.value)}>
      <option value="">{isLoading ? 'Cargando categorías…' : 'Elige una categoría'}</option>
      {categoriaOptions(data).map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  )
}
