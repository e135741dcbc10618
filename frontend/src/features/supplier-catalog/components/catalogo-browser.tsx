import { useId, useState, type FormEvent } from 'react'
import { Note, type NoteValue } from '@/features/supplier-catalog/components/note'
import { apiErrorMessage, errorText } from '@/lib/api-errors'
import {
  useSearchProductosProveedorQuery,
  useListCategoriasProveedorQuery,
  useListMarcasProveedorQuery,
  useCreateImportacionProveedorMutation,
} from '@/features/supplier-catalog/api'
import type { Busqueda, Opcion } from '@/features/supplier-catalog/types'

function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((x) => x !== id) : [...list, id]
}

function Checklist({ legend, options, picked, onToggle }: { legend: string; options: Opcion[]; picked: string[]; onToggle: (id: string) => void }) {
  return (
    <fieldset className="max-h-64 overflow-y-auto rounded-xl border border-slate-200 p-3">
      <legend className="px-1 text-sm font-semibold text-slate-700">{legend}</legend>
      {options.map((o) => (
        <label key={o.id} className="flex items-center gap-2 py-1 text-sm">
          <input type="checkbox" checked={picked.includes(o.id)} onChange={() => onToggle(o.id)} />
          {o.nombre}
        </label>
      ))}
    </fieldset>
  )
}

/** A search of Syscom's products, a page at a time, each with a checkbox. */
function ProductoSearch({ picked, onToggle }: { picked: string[]; onToggle: (id: string) => void }) {
  const searchId = useId()
  const [text, setText] = useState('')
  const [busqueda, setBusqueda] = useState<Busqueda | null>(null)
  const results = useSearchProductosProveedorQuery(busqueda ?? { pagina: 1 }, { skip: busqueda === null })
  const page = results.data

  function search(e: FormEvent) {
    e.preventDefault()
    if (text.trim()) setBusqueda({ busqueda: text.trim(), pagina: 1 })
  }

  return (
    <>
      <form onSubmit={search} className="mt-4 flex flex-wrap items-end gap-2" role="search">
        <div className="grow">
          <label htmlFor={searchId} className="field-label">
            Buscar productos en Syscom
          </label>
          <input id={searchId} className="field-input" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} />
        </div>
        <button type="submit" className="btn-secondary">
          Buscar
        </button>
      </form>
      {results.error ? (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
          {apiErrorMessage(results.error, 'Error al buscar en el catálogo del proveedor')}
        </p>
      ) : null}
      {page && busqueda ? (
        <div className="mt-3" aria-busy={results.isFetching}>
          <p className="text-sm text-slate-600">
            {page.cantidad} productos · página {page.pagina} de {Math.max(page.paginas, 1)}
          </p>
          <ul className="mt-2 divide-y divide-slate-100" aria-label="Productos de Syscom">
            {page.productos.map((p) => (
              <li key={p.id} className="flex items-center gap-3 py-2 text-sm">
                <input
                  type="checkbox"
                  aria-label={`Elegir ${p.modelo}`}
                  checked={picked.includes(p.id)}
                  onChange={() => onToggle(p.id)}
                />
                <span className="grow">
                  <span className="font-medium">{p.modelo}</span> · {p.marca} — {p.titulo}
                </span>
                <span className="whitespace-nowrap text-slate-600">{p.existencia} con Syscom</span>
                {p.importado ? <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs text-teal-800">Ya importado</span> : null}
              </li>
            ))}
          </ul>
          <div className="mt-2 flex gap-2">
            <button type="button" className="btn-secondary" disabled={busqueda.pagina <= 1} onClick={() => setBusqueda({ ...busqueda, pagina: busqueda.pagina - 1 })}>
              Anterior
            </button>
            <button
              type="button"
              className="btn-secondary"
              disabled={busqueda.pagina >= page.paginas}
              onClick={() => setBusqueda({ ...busqueda, pagina: busqueda.pagina + 1 })}
            >
              Siguiente
            </button>
          </div>
        </div>
      ) : null}
    </>
  )
}

/** Syscom's categories, brands and a product search, each with checkboxes, and 'Importar'. */
export function CatalogoBrowser() {
  const brandFilterId = useId()
  const categorias = useListCategoriasProveedorQuery()
  const marcas = useListMarcasProveedorQuery()
  const [pickedCats, setPickedCats] = useState<string[]>([])
  const [pickedBrands, setPickedBrands] = useState<string[]>([])
  const [pickedProductos, setPickedProductos] = useState<string[]>([])
  const [brandFilter, setBrandFilter] = useState('')
  const [createImportacion, { isLoading: importing }] = useCreateImportacionProveedorMutation()
  const [note, setNote] = useState<NoteValue>(null)
  const count = pickedCats.length + pickedBrands.length + pickedProductos.length

  async function start() {
    setNote(null)
    try {
      await createImportacion({ categorias: pickedCats, marcas: pickedBrands, productos: pickedProductos }).unwrap()
      setPickedCats([])
      setPickedBrands([])
      setPickedProductos([])
      setNote({ ok: true, text: 'Importación iniciada: sigue su avance abajo. Puedes salir de esta pantalla; continúa en segundo plano.' })
    } catch (err) {
      setNote({ ok: false, text: errorText(err as Parameters<typeof errorText>[0], 'Error al iniciar la importación') })
    }
  }

  const brandOptions = (marcas.data ?? []).filter((b) => b.nombre.toLowerCase().includes(brandFilter.trim().toLowerCase())).slice(0, 60)
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5" aria-label="Catálogo de Syscom">
      <h2 className="text-lg font-semibold text-brand-900">Catálogo de Syscom</h2>
      <p className="mt-1 text-sm text-slate-600">Elige categorías o marcas completas, o productos sueltos de una búsqueda, y pulsa «Importar».</p>
      <div className="mt-3 grid gap-4 md:grid-cols-2">
        {categorias.error ? (
          <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
            {apiErrorMessage(categorias.error, 'Error al obtener las categorías del proveedor')}
          </p>
        ) : (
          <Checklist legend="Categorías" options={categorias.data ?? []} picked={pickedCats} onToggle={(id) => setPickedCats((l) => toggle(l, id))} />
        )}
        <div>
          <label htmlFor={brandFilterId} className="field-label">
            Filtrar marcas
          </label>
          <input id={brandFilterId} className="field-input mb-2" value={brandFilter} onChange={(e) => setBrandFilter(e.target.value)} />
          {marcas.error ? (
            <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-sm text-red-800">
              {apiErrorMessage(marcas.error, 'Error al obtener las marcas del proveedor')}
            </p>
          ) : (
            <Checklist legend="Marcas" options={brandOptions} picked={pickedBrands} onToggle={(id) => setPickedBrands((l) => toggle(l, id))} />
          )}
        </div>
      </div>

      <ProductoSearch picked={pickedProductos} onToggle={(id) => setPickedProductos((l) => toggle(l, id))} />

      <button type="button" className="btn-primary mt-4" disabled={count === 0 || importing} aria-busy={importing} onClick={() => void start()}>
        {importing ? 'Iniciando…' : count > 0 ? `Importar (${count})` : 'Importar'}
      </button>
      <Note note={note} />
    </section>
  )
}
