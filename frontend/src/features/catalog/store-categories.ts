/** The storefront's category strip (SPEC §2): each card filters by its id on the server. */
export const STORE_CATEGORIES = [
  { id: '22', nombre: 'Videovigilancia' },
  { id: '25', nombre: 'Radiocomunicación' },
  { id: '26', nombre: 'Redes e IT' },
  { id: '66523', nombre: 'Audio y Video' },
  { id: '66630', nombre: 'Robots e Industrial' },
  { id: '65747', nombre: 'Marketing' },
  { id: '27', nombre: 'IoT / GPS / Telemática y Señalización Audiovisual' },
  { id: '30', nombre: 'Energía / Herramientas' },
  { id: '32', nombre: 'Automatización e Intrusión' },
  { id: '37', nombre: 'Control de Acceso' },
  { id: '38', nombre: 'Detección de Fuego' },
  { id: '65811', nombre: 'Cableado Estructurado' },
] as const
