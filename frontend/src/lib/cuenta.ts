/** An account as the users API answers it (never with the password). */
export type Cuenta = {
  _id: string
  name: string
  email: string
  phone: string
  address: string
  rol: string
  status: boolean
  admin: boolean
  lastLogin?: string
  /** True when the customer turned off the e-mails about their orders. */
  sinCorreosPedidos?: boolean
  createdAt?: string
}
