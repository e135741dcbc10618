import { useState, type ChangeEvent } from 'react'
import { ProductoImage } from '@/components/producto-image'
import { FieldError } from '@/features/catalog-admin/components/field-error'
import { IMAGE_TYPES, MAX_IMAGE_BYTES, MAX_IMAGENES, moved } from '@/features/catalog-admin/form-model'
import type { Recurso } from '@/lib/producto'

/** Reads the picked files as data URLs, refusing other types and pictures over 5 MB with a Spanish message. */
function readPictures(files: File[], onRead: (dataUrls: string[]) => void, onError: (message: string) => void) {
  for (const file of files) {
    if (!IMAGE_TYPES.includes(file.type)) return onError(`«${file.name}»: la imagen debe ser JPEG, PNG o WebP.`)
    if (file.size > MAX_IMAGE_BYTES) return onError(`«${file.name}» pesa más de 5 MB. Elige una imagen más ligera.`)
  }
  Promise.all(
    files.map(
      (file) =>
        new Promise<string>((resolve, reject) => {
          const reader = new FileReader()
          reader.onload = () => resolve(String(reader.result))
          reader.onerror = () => reject(reader.error)
          reader.readAsDataURL(file)
        }),
    ),
  ).then(onRead, () => onError('No se pudo leer la imagen. Elige otra.'))
}

type PicturesProps = { value: string[]; errors: Record<string, string>; onChange: (imagenes: string[]) => void }

/** 'Imágenes': several pictures in the shop's order (the first is the main one): add, move up or down, remove. */
export function PicturesField({ value, errors, onChange }: PicturesProps) {
  const [pickError, setPickError] = useState('')
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? [])
    e.target.value = ''
    setPickError('')
    if (files.length === 0) return
    if (value.length + files.length > MAX_IMAGENES) {
      setPickError(`Un producto lleva como máximo ${MAX_IMAGENES} imágenes.`)
      return
    }
    readPictures(files, (urls) => onChange([...value, ...urls]), setPickError)
  }
  const itemError = value.map((_, i) => errors[`details.imagenes[${i}]`]).find(Boolean)
  return (
    <fieldset className="rounded-lg border border-slate-200 p-2">
      <legend className="px-1 font-semibold">Imágenes ({value.length})</legend>
      <p className="text-xs text-slate-500">La primera es la imagen principal; la tienda las muestra en este orden.</p>
      <ol className="mt-2 space-y-2">
        {value.map((src, i) => (
          <li key={`${i}-${src.slice(-24)}`} className="flex items-center gap-2" data-testid="imagen-producto">
            <ProductoImage src={src} alt={`Imagen ${i + 1}`} compact sizes="64px" className="h-16 w-16 rounded border" />
            <span className="flex-1 text-xs text-slate-600">{i === 0 ? 'Imagen 1 (principal)' : `Imagen ${i + 1}`}</span>
            <button type="button" className="link text-xs" disabled={i === 0} onClick={() => onChange(moved(value, i, -1))} aria-label={`Subir imagen ${i + 1}`}>
              Subir
            </button>
            <button type="button" className="link text-xs" disabled={i === value.length - 1} onClick={() => onChange(moved(value, i, 1))} aria-label={`Bajar imagen ${i + 1}`}>
              Bajar
            </button>
            <button type="button" className="text-xs text-rose-700 underline" onClick={() => onChange(value.filter((_, j) => j !== i))} aria-label={`Quitar imagen ${i + 1}`}>
              Quitar
            </button>
          </li>
        ))}
      </ol>
      <label className="mt-2 block">
        <span className="field-label">Agregar imágenes</span>
        <input type="file" multiple accept="image/jpeg,image/png,image/webp" onChange={pick} />
      </label>
      {pickError ? <span role="alert" className="mt-1 block text-xs text-rose-700">{pickError}</span> : null}
      <FieldError message={itemError ?? errors.imagen} />
    </fieldset>
  )
}

type LogoProps = { value: string; error?: string; onChange: (v: string) => void }

/** 'Logo de la marca': an address, or a picture uploaded like the product's. */
export function MarcaLogoField({ value, error, onChange }: LogoProps) {
  const [pickError, setPickError] = useState('')
  const uploaded = value.startsWith('data:') || value.startsWith('/v1/imagenes/')
  const pick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []).slice(0, 1)
    e.target.value = ''
    setPickError('')
    if (files.length > 0) readPictures(files, (urls) => onChange(urls[0]), setPickError)
  }
  return (
    <fieldset className="block">
      <legend className="field-label">Logo de la marca</legend>
      <label className="block">
        <span className="text-xs text-slate-600">Dirección web del logo</span>
        <input
          className="field-input"
          placeholder="https://…/logo.png"
          value={uploaded ? '' : value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={Boolean(error)}
        />
      </label>
      <label className="mt-1 block text-xs">
        <span className="text-slate-600">o sube el logo</span>
        <input type="file" accept="image/jpeg,image/png,image/webp" onChange={pick} />
      </label>
      {value ? (
        <div className="mt-1 flex items-center gap-2">
          <ProductoImage src={value} alt="Logo de la marca" compact sizes="48px" className="h-12 w-12 rounded border" />
          <button type="button" className="text-xs text-rose-700 underline" onClick={() => onChange('')}>
            Quitar logo
          </button>
        </div>
      ) : null}
      {pickError ? <span role="alert" className="mt-1 block text-xs text-rose-700">{pickError}</span> : null}
      <FieldError message={error} />
    </fieldset>
  )
}

type ListProps<T> = { items: T[]; errors: Record<string, string>; onChange: (items: T[]) => void }

/** Up, down and remove of row i of a list. */
function RowMoves<T>({ items, i, what, onChange }: { items: T[]; i: number; what: string; onChange: (items: T[]) => void }) {
  return (
    <span className="flex gap-2 pb-2 text-xs whitespace-nowrap">
      <button type="button" className="link" disabled={i === 0} onClick={() => onChange(moved(items, i, -1))} aria-label={`Subir ${what} ${i + 1}`}>
        Subir
      </button>
      <button type="button" className="link" disabled={i === items.length - 1} onClick={() => onChange(moved(items, i, 1))} aria-label={`Bajar ${what} ${i + 1}`}>
        Bajar
      </button>
      <button type="button" className="text-rose-700 underline" onClick={() => onChange(items.filter((_, j) => j !== i))} aria-label={`Quitar ${what} ${i + 1}`}>
        Quitar
      </button>
    </span>
  )
}

/** 'Características': an ordered list of texts. */
export function CaracteristicasFieldset({ items, errors, onChange }: ListProps<string>) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-2">
      <legend className="px-1 font-semibold">Características</legend>
      {items.map((c, i) => (
        <div key={i} className="mb-2 flex items-end gap-2">
          <label className="block flex-1">
            <span className="sr-only">Característica {i + 1}</span>
            <input
              className="field-input"
              aria-label={`Característica ${i + 1}`}
              aria-invalid={Boolean(errors[`details.caracteristicas[${i}]`])}
              value={c}
              onChange={(e) => onChange(items.map((x, j) => (j === i ? e.target.value : x)))}
            />
            <FieldError message={errors[`details.caracteristicas[${i}]`]} />
          </label>
          <RowMoves items={items} i={i} what="característica" onChange={onChange} />
        </div>
      ))}
      <button type="button" className="btn-secondary" onClick={() => onChange([...items, ''])}>
        Agregar característica
      </button>
    </fieldset>
  )
}

/** 'Recursos': documents of the product, each a name and an http(s) link. */
export function RecursosFieldset({ items, errors, onChange }: ListProps<Recurso>) {
  return (
    <fieldset className="rounded-lg border border-slate-200 p-2">
      <legend className="px-1 font-semibold">Recursos (hojas de datos, manuales, videos)</legend>
      {items.map((r, i) => {
        const upd = (k: keyof Recurso, v: string) => onChange(items.map((x, j) => (j === i ? { ...x, [k]: v } : x)))
        const err = (k: keyof Recurso) => errors[`details.recursos[${i}].${k}`]
        return (
          <div key={i} className="mb-2 grid grid-cols-[1fr_1.5fr_auto] items-end gap-2">
            <label className="block">
              <span className="field-label">Nombre</span>
              <input className="field-input" aria-label={`Nombre del recurso ${i + 1}`} aria-invalid={Boolean(err('nombre'))} value={r.nombre} onChange={(e) => upd('nombre', e.target.value)} />
              <FieldError message={err('nombre')} />
            </label>
            <label className="block">
              <span className="field-label">Enlace</span>
              <input className="field-input" type="url" placeholder="https://" aria-label={`Enlace del recurso ${i + 1}`} aria-invalid={Boolean(err('link'))} value={r.link} onChange={(e) => upd('link', e.target.value)} />
              <FieldError message={err('link')} />
            </label>
            <RowMoves items={items} i={i} what="recurso" onChange={onChange} />
          </div>
        )
      })}
      <button type="button" className="btn-secondary" onClick={() => onChange([...items, { nombre: '', link: '' }])}>
        Agregar recurso
      </button>
    </fieldset>
  )
}
