/**
 * The SAT's unit keys (catálogo c_ClaveUnidad) the shop uses, in words for the shopper. A key not
 * listed is shown as it is.
 */
const SAT_UNIT_NAMES: Record<string, string> = {
  H87: 'Pieza',
  E48: 'Unidad de servicio',
  MTR: 'Metro',
  KGM: 'Kilogramo',
  XBX: 'Caja',
  SET: 'Conjunto',
  EA: 'Elemento',
  ACT: 'Actividad',
}

/** The unit's name in words ('Pieza' for H87), else the key itself. */
export function satUnitName(key: string): string {
  const k = key.trim().toUpperCase()
  return SAT_UNIT_NAMES[k] ?? key
}
