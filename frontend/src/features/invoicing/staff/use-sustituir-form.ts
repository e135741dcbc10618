import { useState, type FormEvent } from 'react'
import { useGetCatalogosQuery, useReplaceFacturaMutation } from '@/features/invoicing/api'
import { usePerfilForm } from '@/features/invoicing/use-perfil-form'
import type { Factura, MotivoCancelacion, PerfilInput } from '@/features/invoicing/types'

/** Motivo 01: the factura is replaced by a new one ('Sustituir'), not just cancelled. */
export const isSustitucion = (clave: string, motivos: MotivoCancelacion[]) =>
  motivos.find((m) => m.clave === clave)?.requiereSustitucion ?? clave === '01'

/** The motivos offered for a factura: 01 only for an individual one that nothing replaces yet. */
export function motivosFor(f: Factura, motivos: MotivoCancelacion[]): MotivoCancelacion[] {
  const sustituible = f.tipo === 'individual' && !f.sustituidaPor
  // Motivo 04 (a sale of a factura global invoiced on its own) is for a factura global only.
  const own = f.tipo === 'global' ? motivos : motivos.filter((m) => m.clave !== '04')
  return sustituible ? own : own.filter((m) => !isSustitucion(m.clave, motivos))
}

/** What came of 'Emitir y sustituir': the new UUID, or that it is still being stamped. */
export function sustituirResultText(nueva: Factura): string {
  if (nueva.estado === 'timbrando' || !nueva.uuid) {
    return 'Estamos timbrando la nueva factura; la anterior se cancelará en cuanto quede timbrada.'
  }
  return `Factura sustituida. Nueva factura: ${nueva.uuid}`
}

const receptorOf = ({ receptor: r }: Factura): PerfilInput => ({
  rfc: r.rfc,
  razonSocial: r.razonSocial,
  regimenFiscal: r.regimenFiscal,
  codigoPostal: r.codigoPostal,
  usoCfdi: r.usoCfdi,
  email: r.email ?? '',
})

/** The 'Sustituir factura' form: the receptor's fiscal data to correct, then the new factura. */
export function useSustituirForm(factura: Factura) {
  const catalogos = useGetCatalogosQuery()
  const [sustituir, call] = useReplaceFacturaMutation()
  const form = usePerfilForm(receptorOf(factura), call.error)
  const [result, setResult] = useState<Factura | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (call.isLoading) return
    const data = form.validate()
    if (!data) return
    try {
      setResult(await sustituir({ id: factura._id, ...data }).unwrap())
    } catch {
      // Field errors go on their fields, anything else in the dialog.
    }
  }
  return { ...form, catalogos: catalogos.data, submit, result, isLoading: call.isLoading, error: call.error }
}

export type SustituirForm = ReturnType<typeof useSustituirForm>
