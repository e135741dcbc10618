import type { EstadoImportacion, Reglas } from '@/features/supplier-catalog/types'

/** "22=25" lines into {"22": 25}; the first line that is not "name=number" is returned as an error. */
export function parseRuleLines(text: string): { rules: Record<string, number>; error?: string } {
  const rules: Record<string, number> = {}
  for (const raw of text.split('\n')) {
    const line = raw.trim()
    if (!line) continue
    const at = line.lastIndexOf('=')
    const key = at > 0 ? line.slice(0, at).trim() : ''
    const value = at > 0 ? Number(line.slice(at + 1).trim().replace('%', '')) : Number.NaN
    if (!key || !Number.isFinite(value)) return { rules, error: `Escribe cada regla como nombre=porcentaje, por ejemplo 22=25 (revisa «${line}»).` }
    rules[key] = value
  }
  return { rules }
}

export function ruleLines(rules: Record<string, number>): string {
  return Object.entries(rules)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n')
}

export function reglasSummary(r: Reglas): string {
  const ending = r.terminacion === null ? 'sin redondeo' : `precios que terminan en ${r.terminacion} pesos`
  return `Margen general ${r.general}%, mínimo ${r.minimo}%, ${ending}.`
}

export const ESTADOS: Record<EstadoImportacion, string> = {
  pendiente: 'En espera',
  en_curso: 'Importando',
  terminada: 'Terminada',
  fallida: 'Falló',
}

/** The rules as typed in the form, checked; the first problem in Spanish otherwise. */
export function buildReglas(form: { general: string; minimo: string; terminacion: string; porCategoria: string; porMarca: string }): { reglas: Reglas } | { error: string } {
  const cats = parseRuleLines(form.porCategoria)
  const marcas = parseRuleLines(form.porMarca)
  if (cats.error ?? marcas.error) return { error: (cats.error ?? marcas.error) as string }
  const general = Number(form.general)
  const minimo = Number(form.minimo)
  if (form.general.trim() === '' || !Number.isFinite(general) || form.minimo.trim() === '' || !Number.isFinite(minimo)) {
    return { error: 'Escribe el margen general y el margen mínimo en porcentaje.' }
  }
  const terminacion = form.terminacion.trim() === '' ? null : Number(form.terminacion)
  if (terminacion !== null && (!Number.isInteger(terminacion) || terminacion < 0 || terminacion > 999)) {
    return { error: 'La terminación del precio debe ser de 0 a 999 pesos, o déjala vacía.' }
  }
  return { reglas: { general, minimo, terminacion, porCategoria: cats.rules, porMarca: marcas.rules } }
}
