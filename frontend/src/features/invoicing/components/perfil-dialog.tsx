import { useState, type FormEvent } from 'react'
import { Dialog, FormDialog } from '@/components/dialog'
import { ErrorNote } from '@/components/error-note'
import { apiErrorMessage } from '@/lib/api-errors'
import { useCreatePerfilMutation, useGetCatalogosQuery, useUpdatePerfilMutation } from '@/features/invoicing/api'
import type { Perfil } from '@/features/invoicing/types'
import { catalogosFailed, EMPTY_PERFIL } from '@/features/invoicing/fiscal-check'
import { usePerfilForm } from '@/features/invoicing/use-perfil-form'
import { CatalogosError, FiscalFields } from '@/features/invoicing/components/fiscal-fields'

type Props = { perfil?: Perfil; onClose: () => void; onSaved: (p: Perfil) => void }

/** 'Agregar datos fiscales' / 'Editar datos fiscales': the form in a dialog. */
export function PerfilDialog({ perfil, onClose, onSaved }: Props) {
  const catalogos = useGetCatalogosQuery()
  const [create, created] = useCreatePerfilMutation()
  const [update, updated] = useUpdatePerfilMutation()
  const call = perfil ? updated : created
  const initial = perfil
    ? { rfc: perfil.rfc, razonSocial: perfil.razonSocial, regimenFiscal: perfil.regimenFiscal, codigoPostal: perfil.codigoPostal, usoCfdi: perfil.usoCfdi, email: perfil.email }
    : EMPTY_PERFIL
  const { value, setValue, errors, validate, fieldsRef, generalError } = usePerfilForm(initial, call.error)
  const [predeterminado, setPredeterminado] = useState(perfil?.predeterminado ?? false)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (call.isLoading) return
    const data = validate()
    if (!data) return
    const result = perfil ? await update({ id: perfil._id, ...data, predeterminado }) : await create({ ...data, predeterminado })
    if ('data' in result && result.data) onSaved(result.data)
  }

  const title = perfil ? 'Editar datos fiscales' : 'Agregar datos fiscales'
  if (catalogosFailed(catalogos)) {
    const close = (
      <button type="button" className="btn-secondary" onClick={onClose}>
        Cerrar
      </button>
    )
    return (
      <Dialog open onClose={onClose} title={title} footer={close}>
        <CatalogosError query={catalogos} />
      </Dialog>
    )
  }
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Guardar"
      busyLabel="Guardando…"
      busy={call.isLoading}
      className="max-h-[65dvh] space-y-4 overflow-y-auto px-0.5 pb-1"
    >
      <div ref={fieldsRef}>
        <FiscalFields value={value} onChange={setValue} catalogos={catalogos.data} errors={errors} />
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={predeterminado} onChange={(e) => setPredeterminado(e.target.checked)} className="h-4 w-4" />
        Usar como predeterminado
      </label>
      {generalError ? <ErrorNote>{apiErrorMessage(call.error, 'No pudimos guardar tus datos fiscales.')}</ErrorNote> : null}
    </FormDialog>
  )
}
