/** The default name of the shop until `GET /v1/config` answers. */
export const DEFAULT_SHOP_NAME = 'Tienda de Seguridad y Redes'
