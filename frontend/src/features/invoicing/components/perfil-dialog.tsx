import { useState, type FormEvent } from 'react'
import { FormDialog } from '@/components/dialog'
import { apiErrorMessage } from '@/lib/api-errors'
import { useCreatePerfilMutation, useGetCatalogosQuery, useUpdatePerfilMutation } from '@/features/invoicing/api'
import type { Perfil } from '@/features/invoicing/types'
import { EMPTY_PERFIL } from '@/features/invoicing/fiscal-check'
import { usePerfilForm } from '@/features/invoicing/use-perfil-form'
import { FiscalFields } from '@/features/invoicing/components/fiscal-fields'

/** The Spanish line of a failed call that no field explains. */
export function Alert({ children }: { children: string }) {
  return (
    <p role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-sm font-medium text-rose-800">
      {children}
    </p>
  )
}

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

  return (
    <FormDialog
      title={perfil ? 'Editar datos fiscales' : 'Agregar datos fiscales'}
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
      {generalError ? <Alert>{apiErrorMessage(call.error, 'No pudimos guardar tus datos fiscales.')}</Alert> : null}
    </FormDialog>
  )
}
