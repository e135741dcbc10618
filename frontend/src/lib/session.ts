/** The profile the login answer carries in `data.dataUser`. */
export type DataUsuario = {
  id: string
  name: string
  email: string
  admin: boolean
  rol?: string
}

/** `POST /v1/usuarios/login` answer. */
export type LoginResponse = {
  data: { token: string; email: string; dataUser: DataUsuario }
}

export type LoginRequest = { email: string; password: string }
