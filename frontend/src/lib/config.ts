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
  /** What `tienda version` prints, e.g. '1.2.0 (37ab556)'. */
  version?: string
}
