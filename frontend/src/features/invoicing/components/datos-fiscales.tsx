import { useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { apiErrorMessage } from '@/lib/api-errors'
import { useDeletePerfilMutation, useGetCatalogosQuery, useListPerfilesQuery, useUpdatePerfilMutation } from '@/features/invoicing/api'
import type { Catalogos, Perfil } from '@/features/invoicing/types'
import { PerfilDialog } from '@/features/invoicing/components/perfil-dialog'

function describe(list: { clave: string; descripcion: string }[] | undefined, clave: string): string {
  const found = list?.find((x) => x.clave === clave)
  return found ? `${clave} · ${found.descripcion}` : clave
}

type CardProps = {
  perfil: Perfil
  catalogos?: Catalogos
  onEdit: () => void
  onDelete: () => void
  onDefault: () => void
  busy: boolean
}

function PerfilCard({ perfil, catalogos, onEdit, onDelete, onDefault, busy }: CardProps) {
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-semibold break-all text-slate-900">{perfil.rfc}</p>
        {perfil.predeterminado ? (
          <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-800">Predeterminado</span>
        ) : null}
      </div>
      <p className="text-sm break-words text-slate-800">{perfil.razonSocial}</p>
      <dl className="mt-2 space-y-1 text-sm text-slate-600">
        <div>
          <dt className="inline">Régimen: </dt>
          <dd className="inline">{describe(catalogos?.regimenes, perfil.regimenFiscal)}</dd>
        </div>
        <div>
          <dt className="inline">Uso del CFDI: </dt>
          <dd className="inline">{describe(catalogos?.usos, perfil.usoCfdi)}</dd>
        </div>
        <div>
          <dt className="inline">C.P.: </dt>
          <dd className="inline">{perfil.codigoPostal}</dd>
        </div>
        <div>
          <dt className="inline">Correo: </dt>
          <dd className="inline [overflow-wrap:anywhere]">{perfil.email}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary min-h-11 px-3 py-1.5" onClick={onEdit} aria-label={`Editar ${perfil.rfc}`}>
          Editar
        </button>
        <button type="button" className="btn-secondary min-h-11 px-3 py-1.5" onClick={onDelete} aria-label={`Eliminar ${perfil.rfc}`}>
          Eliminar
        </button>
        {perfil.predeterminado ? null : (
          <button type="button" className="btn-secondary min-h-11 px-3 py-1.5" onClick={onDefault} disabled={busy} aria-label={`Hacer predeterminado ${perfil.rfc}`}>
            Hacer predeterminado
          </button>
        )}
      </div>
    </li>
  )
}

/** 'Eliminar datos fiscales': asks first; a failure is told inside the dialog, which stays open. */
function EliminarPerfil({ perfil, onClose }: { perfil: Perfil; onClose: () => void }) {
  const [remove, removing] = useDeletePerfilMutation()
  const confirm = async () => {
    const result = await remove(perfil._id)
    if (!('error' in result)) onClose()
  }
  const description = (
    <>
      ¿Eliminar los datos fiscales de {perfil.rfc}?
      {removing.error ? (
        <div className="mt-3">
          <ErrorNote>{apiErrorMessage(removing.error, 'No pudimos eliminar el perfil fiscal.')}</ErrorNote>
        </div>
      ) : null}
    </>
  )
  return (
    <ConfirmDialog
      open
      title="Eliminar datos fiscales"
      description={description}
      busy={removing.isLoading}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    />
  )
}

type DialogState = { kind: 'new' } | { kind: 'edit'; perfil: Perfil } | { kind: 'delete'; perfil: Perfil } | null

/** 'Datos fiscales' of 'Mi perfil': the customer's fiscal profiles for invoicing. */
export function DatosFiscales() {
  const catalogos = useGetCatalogosQuery()
  const perfiles = useListPerfilesQuery()
  const [update, updating] = useUpdatePerfilMutation()
  const [dialog, setDialog] = useState<DialogState>(null)
  const list = perfiles.data ?? []

  const makeDefault = (p: Perfil) => {
    const { _id, ...rest } = p
    void update({ ...rest, id: _id, predeterminado: true })
  }

  return (
    <section aria-labelledby="datos-fiscales" className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="datos-fiscales" className="section-title">
          Datos fiscales
        </h2>
        <button type="button" className="btn-primary min-h-11 px-3 py-1.5" onClick={() => setDialog({ kind: 'new' })}>
          Agregar datos fiscales
        </button>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Para facturar tus compras desde{' '}
        <Link to="/usuarios/compras" className="link">
          Mis compras
        </Link>
        .
      </p>
      <div className="mt-4 space-y-3" aria-busy={perfiles.isLoading}>
        {perfiles.error ? <ErrorNote>{apiErrorMessage(perfiles.error, 'No pudimos cargar tus datos fiscales.')}</ErrorNote> : null}
        {updating.error ? <ErrorNote>{apiErrorMessage(updating.error, 'No pudimos cambiar el perfil predeterminado.')}</ErrorNote> : null}
        {perfiles.isLoading ? <p className="text-sm text-slate-500">Cargando datos fiscales…</p> : null}
        {!perfiles.isLoading && !perfiles.error && list.length === 0 ? (
          <p className="rounded-xl bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">Aún no tienes datos fiscales.</p>
        ) : null}
        {list.length > 0 ? (
          <ul className="space-y-3" aria-label="Datos fiscales">
            {list.map((p) => (
              <PerfilCard
                key={p._id}
                perfil={p}
                catalogos={catalogos.data}
                busy={updating.isLoading}
                onEdit={() => setDialog({ kind: 'edit', perfil: p })}
                onDelete={() => setDialog({ kind: 'delete', perfil: p })}
                onDefault={() => makeDefault(p)}
              />
            ))}
          </ul>
        ) : null}
      </div>
      {dialog?.kind === 'new' || dialog?.kind === 'edit' ? (
        <PerfilDialog perfil={dialog.kind === 'edit' ? dialog.perfil : undefined} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' ? <EliminarPerfil perfil={dialog.perfil} onClose={() => setDialog(null)} /> : null}
    </section>
  )
}
