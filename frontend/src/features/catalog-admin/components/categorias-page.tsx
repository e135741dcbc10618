import { useState, type FormEvent } from 'react'
import { Skeleton } from '@/components/skeleton'
import { useDocumentTitle } from '@/components/use-document-title'
import { CATEGORIA_ICON_NAMES, CATEGORIA_ICONS } from '@/components/layout/categoria-icons'
import { CategoriaIcon } from '@/components/layout/categoria-icon'
import { DeleteDialog, SaveError } from '@/features/catalog-admin/components/admin-dialogs'
import { FieldError } from '@/features/catalog-admin/components/field-error'
import {
  useUpdateCategoriaMutation,
  useCreateCategoriaMutation,
  useDeleteCategoriaMutation,
  useListCategoriasAdminQuery,
  useReorderCategoriasMutation,
} from '@/features/catalog-admin/categorias-api'
import { depthOf, type CategoriaAdmin, type CategoriaInput } from '@/lib/categorias'
import { errorText, serverFieldErrors } from '@/lib/api-errors'

type Draft = { nombre: string; padre: string; icono: string; color: string; tarjeta: boolean; menu: string }

const EMPTY: Draft = { nombre: '', padre: '', icono: 'cuadricula', color: '#123a66', tarjeta: false, menu: '' }

const draftOf = (c: CategoriaAdmin): Draft => ({
  nombre: c.nombre,
  padre: c.padre,
  icono: c.icono,
  color: c.color,
  tarjeta: c.tarjeta,
  menu: c.menu,
})

/** The checks the server makes too, so a typo is caught before the round trip. */
function checkDraft(d: Draft): Record<string, string> {
  const out: Record<string, string> = {}
  const n = d.nombre.trim().length
  if (n === 0) out.nombre = 'Este campo es obligatorio.'
  else if (n < 2 || n > 60) out.nombre = 'Debe tener entre 2 y 60 caracteres.'
  if (!/^#[0-9a-fA-F]{6}$/.test(d.color)) out.color = 'Debe ser un color como #1f5a96.'
  if (d.menu.trim().length > 30) out.menu = 'Debe tener como máximo 30 caracteres.'
  return out
}

/** The ids of c and of every category under it: a category cannot go inside one of those. */
function ownTree(list: readonly CategoriaAdmin[], id: string): Set<string> {
  const out = new Set([id])
  for (const c of list) if (c.padre && out.has(c.padre)) out.add(c.id) // the list is depth-first
  return out
}

type FieldsProps = {
  list: readonly CategoriaAdmin[]
  editing: CategoriaAdmin | null
  d: Draft
  set: <K extends keyof Draft>(k: K, v: Draft[K]) => void
  errors: Record<string, string>
}

/** The form's fields: name, parent, icon, colour, menu name and card. */
function CategoriaFields({ list, editing, d, set, errors }: FieldsProps) {
  const excluded = editing ? ownTree(list, editing.id) : new Set<string>()
  return (
    <div className="mt-3 grid gap-3 sm:grid-cols-2">
      <div>
        <label htmlFor="categoria-nombre" className="field-label">
          Nombre
        </label>
        <input id="categoria-nombre" className="field-input" value={d.nombre} maxLength={80} onChange={(e) => set('nombre', e.target.value)} />
        <FieldError message={errors.nombre} />
      </div>
      <label className="block">
        <span className="field-label">Dentro de</span>
        <select className="field-input" value={d.padre} onChange={(e) => set('padre', e.target.value)}>
          <option value="">Ninguna (categoría principal)</option>
          {list
            .filter((c) => !excluded.has(c.id))
            .map((c) => (
              <option key={c.id} value={c.id}>
                {`${'— '.repeat(depthOf(list, c))}${c.nombre}`}
              </option>
            ))}
        </select>
        <FieldError message={errors.padre} />
      </label>
      <label className="block">
        <span className="field-label">Icono</span>
        <span className="flex items-center gap-2">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800" aria-hidden="true">
            <CategoriaIcon name={d.icono} size={20} />
          </span>
          <select className="field-input" value={d.icono} onChange={(e) => set('icono', e.target.value)}>
            {CATEGORIA_ICON_NAMES.map((name) => (
              <option key={name} value={name}>
                {CATEGORIA_ICONS[name].label}
              </option>
            ))}
          </select>
        </span>
        <FieldError message={errors.icono} />
      </label>
      <div>
        <label htmlFor="categoria-color" className="field-label">
          Color
        </label>
        <span className="flex items-center gap-2">
          <input
            type="color"
            aria-label="Elegir color"
            className="h-10 w-12 shrink-0 rounded border border-slate-300"
            value={/^#[0-9a-fA-F]{6}$/.test(d.color) ? d.color.toLowerCase() : '#000000'}
            onChange={(e) => set('color', e.target.value)}
          />
          <input id="categoria-color" className="field-input font-mono" value={d.color} maxLength={7} onChange={(e) => set('color', e.target.value)} />
        </span>
        <FieldError message={errors.color} />
      </div>
      <div>
        <label htmlFor="categoria-menu" className="field-label">
          Nombre en el menú
        </label>
        <input
          id="categoria-menu"
          className="field-input"
          value={d.menu}
          maxLength={40}
          placeholder="Vacío: no aparece en los menús"
          onChange={(e) => set('menu', e.target.value)}
        />
        <FieldError message={errors.menu} />
      </div>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="h-5 w-5" checked={d.tarjeta} onChange={(e) => set('tarjeta', e.target.checked)} />
        Tarjeta en la tienda (franja de categorías)
      </label>
    </div>
  )
}

type FormProps = {
  list: readonly CategoriaAdmin[]
  editing: CategoriaAdmin | null
  onDone: (text: string) => void
  onCancel: () => void
}

/** 'Nueva categoría' / 'Editar categoría'. */
function CategoriaForm({ list, editing, onDone, onCancel }: FormProps) {
  const [d, setD] = useState<Draft>(editing ? draftOf(editing) : EMPTY)
  const [checked, setChecked] = useState<Record<string, string>>({})
  const [crear, creation] = useCreateCategoriaMutation()
  const [actualizar, update] = useUpdateCategoriaMutation()
  const saving = editing ? update : creation
  const errors = { ...serverFieldErrors(saving.error as never), ...checked }
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((prev) => ({ ...prev, [k]: v }))

  async function submit(e: FormEvent) {
    e.preventDefault()
    const found = checkDraft(d)
    setChecked(found)
    if (Object.keys(found).length > 0) return
    const body: CategoriaInput = { ...d, nombre: d.nombre.trim(), menu: d.menu.trim() }
    const res = editing ? await actualizar({ id: editing.id, body }) : await crear(body)
    if (!('error' in res)) onDone(editing ? `Categoría ${body.nombre} guardada.` : `Categoría ${body.nombre} agregada.`)
  }

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? 'Editar categoría' : 'Nueva categoría'} className="mt-4 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 className="text-base font-semibold text-slate-900">{editing ? `Editar ${editing.nombre}` : 'Nueva categoría'}</h2>
      {saving.isError && Object.keys(serverFieldErrors(saving.error as never)).length === 0 ? (
        <SaveError error={saving.error} fallback={editing ? 'Error al actualizar la categoría' : 'Error al guardar la categoría'} />
      ) : null}
      <CategoriaFields list={list} editing={editing} d={d} set={set} errors={errors} />
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={saving.isLoading}>
          {saving.isLoading ? 'Guardando…' : editing ? 'Guardar cambios' : 'Agregar categoría'}
        </button>
        <button type="button" className="btn-secondary" onClick={onCancel}>
          Cancelar
        </button>
      </div>
    </form>
  )
}

type RowProps = {
  c: CategoriaAdmin
  list: readonly CategoriaAdmin[]
  busy: boolean
  onMove: (step: -1 | 1) => void
  onEdit: () => void
  onDelete: () => void
}

/** One category of the list: its icon in its colour, name, products, card and menu, and its actions. */
function CategoriaRow({ c, list, busy, onMove, onEdit, onDelete }: RowProps) {
  const siblings = list.filter((x) => x.padre === c.padre)
  const first = siblings[0]?.id === c.id
  const last = siblings[siblings.length - 1]?.id === c.id
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" style={{ paddingLeft: `${1 + depthOf(list, c) * 1.75}rem` }}>
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-white" style={{ backgroundColor: c.color }} aria-hidden="true">
        <CategoriaIcon name={c.icono} size={18} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900">{c.nombre}</span>
        <span className="block text-xs text-slate-500">
          {c.productos === 1 ? '1 producto' : `${c.productos} productos`}
          {c.tarjeta ? ' · Tarjeta en la tienda' : ''}
          {c.menu ? ` · En el menú como «${c.menu}»` : ''}
        </span>
      </span>
      <span className="flex flex-wrap gap-1">
        <button type="button" className="btn-secondary px-3" disabled={first || busy} aria-label={`Subir ${c.nombre}`} onClick={() => onMove(-1)}>
          ↑
        </button>
        <button type="button" className="btn-secondary px-3" disabled={last || busy} aria-label={`Bajar ${c.nombre}`} onClick={() => onMove(1)}>
          ↓
        </button>
        <button type="button" className="btn-secondary" aria-label={`Editar ${c.nombre}`} onClick={onEdit}>
          Editar
        </button>
        <button type="button" className="btn-secondary text-rose-700" aria-label={`Eliminar ${c.nombre}`} onClick={onDelete}>
          Eliminar
        </button>
      </span>
    </li>
  )
}

/** The ids of c's level with c moved one place up (-1) or down (1); null when it cannot move. */
function movedLevel(list: readonly CategoriaAdmin[], c: CategoriaAdmin, step: -1 | 1): string[] | null {
  const ids = list.filter((x) => x.padre === c.padre).map((x) => x.id)
  const i = ids.indexOf(c.id)
  const j = i + step
  if (j < 0 || j >= ids.length) return null
  ;[ids[i], ids[j]] = [ids[j], ids[i]]
  return ids
}

/** The heading, what the list means, 'Nueva categoría' and the last change done. */
function Heading({ adding, note, onAdd }: { adding: boolean; note: string; onAdd: () => void }) {
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 id="categorias-title" className="section-title">
            Categorías
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Las tarjetas forman la franja de categorías de la tienda; las que tienen nombre en el menú aparecen en los menús. El orden es el de esta lista.
          </p>
        </div>
        {adding ? null : (
          <button type="button" className="btn-primary" onClick={onAdd}>
            Nueva categoría
          </button>
        )}
      </div>
      {note ? (
        <p role="status" className="mt-3 rounded bg-teal-50 p-2 text-sm text-teal-900">
          {note}
        </p>
      ) : null}
    </>
  )
}

/** The list's place while it loads, when it failed, or when there is no category. */
function ListState({ loading, error }: { loading: boolean; error: unknown }) {
  if (loading) return <Skeleton className="mt-4 h-64 w-full" />
  if (error) {
    return (
      <p role="alert" className="mt-4 rounded bg-rose-50 p-3 text-sm text-rose-800">
        {errorText(error as never, 'Error al obtener las categorías')}
      </p>
    )
  }
  return <p className="mt-4 rounded-2xl bg-white p-8 text-center text-slate-600">Todavía no hay categorías.</p>
}

/** `/categorias` 'Categorías': the shop's category tree, to add, edit, order and delete (Administrador). */
export function CategoriasPage() {
  useDocumentTitle('Categorías')
  const { data, error, isLoading } = useListCategoriasAdminQuery()
  const [ordenar, ordering] = useReorderCategoriasMutation()
  const [eliminar, removal] = useDeleteCategoriaMutation()
  const [form, setForm] = useState<{ editing: CategoriaAdmin | null } | null>(null)
  const [target, setTarget] = useState<{ id: string; name: string } | null>(null)
  const [note, setNote] = useState('')
  const list = data ?? []

  const open = (editing: CategoriaAdmin | null) => {
    setNote('')
    setForm({ editing })
  }
  const move = (c: CategoriaAdmin, step: -1 | 1) => {
    setNote('')
    const ids = movedLevel(list, c, step)
    if (ids) void ordenar(ids)
  }

  return (
    <section className="mx-auto w-full max-w-5xl px-4 py-6" aria-labelledby="categorias-title">
      <Heading
        adding={form !== null}
        note={note}
        onAdd={() => open(null)}
      />
      {ordering.isError ? (
        <p role="alert" className="mt-3 rounded bg-rose-50 p-2 text-sm text-rose-800">
          {errorText(ordering.error, 'Error al ordenar las categorías')}
        </p>
      ) : null}
      {form ? (
        <CategoriaForm
          key={form.editing?.id ?? 'nueva'}
          list={list}
          editing={form.editing}
          onCancel={() => setForm(null)}
          onDone={(text) => {
            setForm(null)
            setNote(text)
          }}
        />
      ) : null}
      {isLoading || error || list.length === 0 ? (
        <ListState loading={isLoading} error={error} />
      ) : (
        <ul className="mt-4 divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white" aria-label="Categorías de la tienda">
          {list.map((c) => (
            <CategoriaRow
              key={c.id}
              c={c}
              list={list}
              busy={ordering.isLoading}
              onMove={(step) => move(c, step)}
              onEdit={() => open(c)}
              onDelete={() => {
                removal.reset()
                setTarget({ id: c.id, name: c.nombre })
              }}
            />
          ))}
        </ul>
      )}
      <DeleteDialog
        target={target}
        question="La categoría dejará de aparecer en la tienda y en el formulario de productos."
        failMessage="Error al eliminar la categoría"
        removal={removal}
        onDelete={async (id) => {
          const res = await eliminar(id)
          if (!('error' in res) && target) setNote(`Categoría ${target.name} eliminada.`)
          return res
        }}
        onClose={() => setTarget(null)}
      />
    </section>
  )
}
