import { readItem, writeItem } from '@/lib/storage'
import type { DataUsuario } from '@/lib/session'

/** Browser storage keys that hold the session. */
export const SESSION_KEYS = {
  token: 'token',
  name: 'name',
  email: 'email',
  admin: 'admin',
  id: 'id',
  user: 'user',
  lastLogin: 'lastLogin',
} as const

export type StoredSession = { token: string | null; user: DataUsuario | null; lastLogin: string | null }

/** Accepts a profile as the server or an older browser may have written it. */
export function toDataUsuario(value: unknown): DataUsuario | null {
  if (!value || typeof value !== 'object') return null
  const u = value as Record<string, unknown>
  return {
    id: String(u.id ?? u._id ?? ''),
    name: String(u.name ?? ''),
    email: String(u.email ?? ''),
    admin: u.admin === true || u.admin === 'true',
    ...(typeof u.rol === 'string' && u.rol ? { rol: u.rol } : {}),
  }
}

function parseUsuario(raw: string | null): DataUsuario | null {
  if (!raw) return null
  try {
    return toDataUsuario(JSON.parse(raw))
  } catch {
    return null
  }
}

/** Reads the session left in the browser by a previous login (or by the original shop). */
export function readSession(): StoredSession {
  const token = readItem(SESSION_KEYS.token)
  if (!token) return { token: null, user: null, lastLogin: null }
  const usuario = parseUsuario(readItem(SESSION_KEYS.user)) ?? {
    id: readItem(SESSION_KEYS.id) ?? '',
    name: readItem(SESSION_KEYS.name) ?? '',
    email: readItem(SESSION_KEYS.email) ?? '',
    admin: readItem(SESSION_KEYS.admin) === 'true',
  }
  return { token, user: usuario, lastLogin: readItem(SESSION_KEYS.lastLogin) }
}

/** Writes every session key, as the original shop did after a login. */
export function writeSession(token: string, email: string, usuario: DataUsuario, lastLogin: string): void {
  writeItem(SESSION_KEYS.token, token)
  writeItem(SESSION_KEYS.name, usuario.name)
  writeItem(SESSION_KEYS.email, email || usuario.email)
  writeItem(SESSION_KEYS.admin, usuario.admin ? 'true' : 'false')
  writeItem(SESSION_KEYS.id, usuario.id)
  writeItem(SESSION_KEYS.user, JSON.stringify(usuario))
  writeItem(SESSION_KEYS.lastLogin, lastLogin)
}
