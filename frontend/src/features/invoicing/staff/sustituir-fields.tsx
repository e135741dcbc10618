import { ErrorNote } from '@/components/error-note'
import { errorText } from '@/lib/api-errors'
import { FiscalFields } from '@/features/invoicing/components/fiscal-fields'
import type { RefObject } from 'react'
import type { SustituirForm } from '@/features/invoicing/staff/use-sustituir-form'

type Props = { form: Omit<SustituirForm, 'fieldsRef'>; fieldsRef: RefObject<HTMLDivElement | null> }

/** The body of 'Sustituir factura' below the motivo: what will happen and the fiscal data. */
export function SustituirFields({ form, fieldsRef }: Props) {
  return (
    <>
      <p className="text-sm text-slate-600">
        Se emitirá una factura nueva con estos datos, relacionada con la actual, y la actual se cancelará con el motivo 01.
      </p>
      <div ref={fieldsRef}>
        <FiscalFields value={form.value} onChange={form.setValue} catalogos={form.catalogos} errors={form.errors} />
      </div>
      {form.generalError ? <ErrorNote>{errorText(form.error, 'Error al sustituir la factura')}</ErrorNote> : null}
    </>
  )
}
