import type { Cuenta } from '@/lib/cuenta'
import type { PageMeta } from '@/lib/list-state'

/** `POST /v1/usuarios` by an Administrador. */
export type NewUsuarioRequest = { name: string; email: string; password: string; phone: string; rol: string }

/** `PATCH /v1/usuarios/{id}`: an empty password leaves it as it is. */
export type UpdateUsuarioRequest = {
  _id: string
  name: string
  email: string
  phone: string
  password: string
  rol: string
  status: boolean
}

/** The filters of `GET /v1/usuarios/lista`, as kept in the address ('' = not set). */
export type UsuariosFilters = {
  /** Name, e-mail or phone. */
  q: string
  rol: string
  /** `activo` | `inactivo`. */
  status: string
  /** `nombre` (default), `-nombre`, `email`, `-createdAt`. */
  orden: string
}

export type UsuariosListArgs = UsuariosFilters & { page: number; limit: number }

export type UsuariosPage = { usuarios: Cuenta[]; meta: PageMeta }
