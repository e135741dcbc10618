/** The shop's public details, from `GET /v1/config`. */
export type Tienda = {
  nombre: string
  direccion: string
  horario: string
  telefono: string
  mapa: string
}

export type PublicConfig = {
  tienda: Tienda
  mercadoPagoPublicKey?: string
  sentryDsn?: string
}
