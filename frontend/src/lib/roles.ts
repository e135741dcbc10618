/** The five roles, in the order the role selector lists them. */
export const ROLES = ['Administrador', 'Auxiliar', 'Cajero', 'Comandero', 'Cliente'] as const
export type Rol = (typeof ROLES)[number]

/** The canonical role for what the server or storage holds ("administrador" -> "Administrador"). */
export function normalizeRol(raw: string | null | undefined): Rol | null {
  const value = (raw ?? '').trim().toLowerCase()
  return ROLES.find((r) => r.toLowerCase() === value) ?? null
}
