import type { Catalogos, PerfilInput, Regimen, Uso } from '@/features/invoicing/types'

export const RAZON_SOCIAL_HINT =
  'Tal como aparece en tu Constancia de Situación Fiscal, sin el régimen de capital (S.A. de C.V.)'
export const NOT_CONFIGURED = 'La facturación en línea no está disponible por ahora.'
export const TIMBRANDO = 'Estamos timbrando tu factura; te la enviaremos por correo.'
export const EMIT_FAILED = 'No pudimos emitir la factura. Inténtalo de nuevo.'
export const NOT_FOUND = 'No encontramos una compra con ese folio y total.'
/** GET facturas/catalogos failed: without the régimenes and usos no fiscal data can be filled in. */
export const CATALOGOS_FAILED = 'No pudimos cargar los regímenes fiscales y usos del CFDI.'

/**
 * Whether the catalogues failed to load and none are at hand: no fiscal data can be filled in. It
 * stays true while they are asked again (the error is kept until an answer arrives).
 */
export const catalogosFailed = (q: { data?: Catalogos; error?: unknown }) => Boolean(q.error) && !q.data

export const EMPTY_PERFIL: PerfilInput = { rfc: '', razonSocial: '', regimenFiscal: '', codigoPostal: '', usoCfdi: '', email: '' }

/** The form's fields in screen order: the first one with an error gets the focus. */
export const FIELD_SEQUENCE: (keyof PerfilInput)[] = ['rfc', 'razonSocial', 'regimenFiscal', 'codigoPostal', 'usoCfdi', 'email']

/** 'fisica' for a 13-character RFC, 'moral' for 12, null while it is neither. */
function personaOf(rfc: string): 'fisica' | 'moral' | null {
  const n = rfc.trim().length
  return n === 13 ? 'fisica' : n === 12 ? 'moral' : null
}

/** The regímenes that fit the RFC (all while its length says nothing). */
export function regimenesFor(regimenes: Regimen[], rfc: string): Regimen[] {
  const persona = personaOf(rfc)
  return persona ? regimenes.filter((r) => r[persona]) : regimenes
}

/** The usos that fit the RFC and list the régimen (none until a régimen is chosen). */
export function usosFor(usos: Uso[], rfc: string, regimen: string): Uso[] {
  if (!regimen) return []
  const persona = personaOf(rfc)
  return usos.filter((u) => u.regimenes.includes(regimen) && (!persona || u[persona]))
}

/** Trims every field and upper-cases the RFC and the razón social, as the SAT writes them. */
export function normalizePerfil(p: PerfilInput): PerfilInput {
  return {
    rfc: p.rfc.trim().toUpperCase(),
    razonSocial: p.razonSocial.trim().replace(/\s+/g, ' ').toUpperCase(),
    regimenFiscal: p.regimenFiscal,
    codigoPostal: p.codigoPostal.trim(),
    usoCfdi: p.usoCfdi,
    email: p.email.trim(),
  }
}

const REQUIRED = 'Este dato es obligatorio.'

/**
 * What is wrong with a Mexican postal code, as the server says it (pkg/cfdi CheckCodigoPostal):
 * 5 digits, from 01000 to 99999 (the SAT's c_CodigoPostal has none below); undefined when fine.
 */
export function checkCodigoPostal(cp: string): string | undefined {
  if (!/^\d{5}$/.test(cp)) return 'El código postal tiene 5 dígitos.'
  if (cp < '01000') return 'Ese código postal no existe: los de México van del 01000 al 99999.'
  return undefined
}

/** Quick checks before the server's: required fields, RFC length, CP and e-mail shape. */
export function checkPerfil(p: PerfilInput): Partial<Record<keyof PerfilInput, string>> {
  const n = normalizePerfil(p)
  const errors: Partial<Record<keyof PerfilInput, string>> = {}
  if (!n.rfc) errors.rfc = REQUIRED
  else if (!personaOf(n.rfc)) errors.rfc = 'El RFC tiene 13 caracteres (persona física) o 12 (persona moral).'
  if (!n.razonSocial) errors.razonSocial = REQUIRED
  if (!n.regimenFiscal) errors.regimenFiscal = 'Elige tu régimen fiscal.'
  const cp = n.codigoPostal ? checkCodigoPostal(n.codigoPostal) : REQUIRED
  if (cp) errors.codigoPostal = cp
  if (!n.usoCfdi) errors.usoCfdi = 'Elige el uso del CFDI.'
  if (!n.email) errors.email = REQUIRED
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(n.email)) errors.email = 'Ingresa un correo electrónico válido.'
  return errors
}
