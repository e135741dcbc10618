import type { Account } from '@/lib/account'
import type { PageMeta } from '@/lib/list-state'

/** `POST /v1/usuarios` by an Administrador. */
export type NewUserRequest = { name: string; email: string; password: string; phone: string; rol: string }

/** `PATCH /v1/usuarios/{id}`: an empty password leaves it as it is. */
export type UpdateUserRequest = {
  _id: string
  name: string
  email: string
  phone: string
  password: string
  rol: string
  status: boolean
}

/** The filters of `GET /v1/usuarios/lista`, as kept in the address ('' = not set). */
export type UsersFilters = {
  /** Name, e-mail or phone. */
  q: string
  rol: string
  /** `activo` | `inactivo`. */
  status: string
  /** `nombre` (default), `-nombre`, `email`, `-createdAt`. */
  orden: string
}

export type UsersListArgs = UsersFilters & { page: number; limit: number }

export type UsersPage = { usuarios: Account[]; meta: PageMeta }
