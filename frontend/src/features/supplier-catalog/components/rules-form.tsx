import { useId, useState, type FormEvent } from 'react'
import { Note, type NoteValue } from '@/features/supplier-catalog/components/note'
import { errorText } from '@/lib/api-errors'
import { useUpdateReglasProveedorMutation } from '@/features/supplier-catalog/api'
import { buildReglas, ruleLines } from '@/features/supplier-catalog/format'
import type { Reglas } from '@/features/supplier-catalog/types'

const RULES_HELP =
  'El precio es el costo en dólares al tipo de cambio de Syscom más el margen: el de la marca, si no el de la categoría, si no el general; nunca menos que el mínimo.'

/** The margin rules: general, minimum, by category or brand, and the price's ending. */
export function RulesForm({ reglas }: { reglas: Reglas }) {
  const ids = { general: useId(), minimo: useId(), terminacion: useId(), cat: useId(), marca: useId() }
  const [general, setGeneral] = useState(String(reglas.general))
  const [minimo, setMinimo] = useState(String(reglas.minimo))
  const [terminacion, setTerminacion] = useState(reglas.terminacion === null ? '' : String(reglas.terminacion))
  const [porCategoria, setPorCategoria] = useState(ruleLines(reglas.porCategoria))
  const [porMarca, setPorMarca] = useState(ruleLines(reglas.porMarca))
  const [guardar, { isLoading }] = useUpdateReglasProveedorMutation()
  const [note, setNote] = useState<NoteValue>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setNote(null)
    const built = buildReglas({ general, minimo, terminacion, porCategoria, porMarca })
    if ('error' in built) {
      setNote({ ok: false, text: built.error })
      return
    }
    try {
      await guardar(built.reglas).unwrap()
      setNote({ ok: true, text: 'Reglas guardadas: se aplican a las próximas importaciones y sincronizaciones.' })
    } catch (err) {
      setNote({ ok: false, text: errorText(err as Parameters<typeof errorText>[0], 'Error al guardar las reglas de precio') })
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="rounded-2xl border border-slate-200 bg-white p-5" aria-label="Reglas de precio">
      <h2 className="text-lg font-semibold text-brand-900">Reglas de precio</h2>
      <p className="mt-1 text-sm text-slate-600">{RULES_HELP}</p>
      <div className="mt-3 grid gap-3 md:grid-cols-3">
        <div>
          <label htmlFor={ids.general} className="field-label">
            Margen general (%)
          </label>
          <input id={ids.general} className="field-input" inputMode="decimal" value={general} onChange={(e) => setGeneral(e.target.value)} />
        </div>
        <div>
          <label htmlFor={ids.minimo} className="field-label">
            Margen mínimo (%)
          </label>
          <input id={ids.minimo} className="field-input" inputMode="decimal" value={minimo} onChange={(e) => setMinimo(e.target.value)} />
        </div>
        <div>
          <label htmlFor={ids.terminacion} className="field-label">
            Terminación del precio (pesos)
          </label>
          <input id={ids.terminacion} className="field-input" inputMode="numeric" placeholder="Sin redondeo" value={terminacion} onChange={(e) => setTerminacion(e.target.value)} />
        </div>
        <div className="md:col-span-3 grid gap-3 md:grid-cols-2">
          <div>
            <label htmlFor={ids.cat} className="field-label">
              Margen por categoría (una por línea: id=porcentaje)
            </label>
            <textarea id={ids.cat} className="field-input min-h-20" value={porCategoria} onChange={(e) => setPorCategoria(e.target.value)} />
          </div>
          <div>
            <label htmlFor={ids.marca} className="field-label">
              Margen por marca (una por línea: marca=porcentaje)
            </label>
            <textarea id={ids.marca} className="field-input min-h-20" value={porMarca} onChange={(e) => setPorMarca(e.target.value)} />
          </div>
        </div>
      </div>
      <button type="submit" className="btn-primary mt-4" disabled={isLoading} aria-busy={isLoading}>
        {isLoading ? 'Guardando…' : 'Guardar reglas'}
      </button>
      <Note note={note} />
    </form>
  )
}
