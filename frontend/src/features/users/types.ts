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
