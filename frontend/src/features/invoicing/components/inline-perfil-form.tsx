import type { FormEvent } from 'react'
import { ErrorNote } from '@/components/error-note'
import { apiErrorMessage } from '@/lib/api-errors'
import { useCreatePerfilMutation } from '@/features/invoicing/api'
import type { Catalogos, Perfil } from '@/features/invoicing/types'
import { EMPTY_PERFIL } from '@/features/invoicing/fiscal-check'
import { usePerfilForm } from '@/features/invoicing/use-perfil-form'
import { FiscalFields } from '@/features/invoicing/components/fiscal-fields'

type Props = { catalogos?: Catalogos; first: boolean; onSaved: (p: Perfil) => void; onCancel?: () => void }

/** New fiscal data inside the 'Facturar compra' dialog; the first one becomes the default. */
export function InlinePerfilForm({ catalogos, first, onSaved, onCancel }: Props) {
  const [create, call] = useCreatePerfilMutation()
  const { value, setValue, errors, validate, fieldsRef, generalError } = usePerfilForm(EMPTY_PERFIL, call.error)
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (call.isLoading) return
    const data = validate()
    if (!data) return
    const result = await create({ ...data, predeterminado: first })
    if ('data' in result && result.data) onSaved(result.data)
  }
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Nuevos datos fiscales">
      <div ref={fieldsRef}>
        <FiscalFields value={value} onChange={setValue} catalogos={catalogos} errors={errors} />
      </div>
      {generalError ? <ErrorNote>{apiErrorMessage(call.error, 'No pudimos guardar tus datos fiscales.')}</ErrorNote> : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Cancelar
          </button>
        ) : null}
        <button type="submit" className="btn-primary" disabled={call.isLoading}>
          {call.isLoading ? 'Guardando…' : 'Guardar datos fiscales'}
        </button>
      </div>
    </form>
  )
}
