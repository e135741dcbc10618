import type { Categoria } from '@/lib/categorias'

/**
 * The categories of a fresh store, as `GET /v1/categorias` answers them: the seed of
 * modules/catalog/categories_store.go (12 cards, the 15 admin categories, the menus' six tiles).
 */
export const sampleCategorias: Categoria[] = [
  {
    "id": "22",
    "nombre": "Videovigilancia",
    "padre": "",
    "orden": 0,
    "icono": "camara",
    "color": "#123a66",
    "tarjeta": true,
    "menu": "Video Vigilancia",
    "alias": [
      "video-vigilancia"
    ]
  },
  {
    "id": "camaras-y-dvrs-hd",
    "nombre": "Camaras y DVRs HD",
    "padre": "22",
    "orden": 0,
    "icono": "camara",
    "color": "#123a66",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "camaras y dvrs hd"
    ]
  },
  {
    "id": "camaras-ip-y-nvrs",
    "nombre": "Camaras IP y NVRs",
    "padre": "22",
    "orden": 1,
    "icono": "camara",
    "color": "#123a66",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "camaras ip y nvrs"
    ]
  },
  {
    "id": "almacenamiento",
    "nombre": "Almacenamiento",
    "padre": "22",
    "orden": 2,
    "icono": "paquete",
    "color": "#123a66",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "almacenamiento"
    ]
  },
  {
    "id": "25",
    "nombre": "Radiocomunicación",
    "padre": "",
    "orden": 1,
    "icono": "telefono",
    "color": "#0f766e",
    "tarjeta": true,
    "menu": ""
  },
  {
    "id": "26",
    "nombre": "Redes e IT",
    "padre": "",
    "orden": 2,
    "icono": "router",
    "color": "#1e293b",
    "tarjeta": true,
    "menu": ""
  },
  {
    "id": "routers",
    "nombre": "Routers",
    "padre": "26",
    "orden": 0,
    "icono": "router",
    "color": "#1e293b",
    "tarjeta": false,
    "menu": "Routers",
    "alias": [
      "routers"
    ]
  },
  {
    "id": "switches",
    "nombre": "Switches",
    "padre": "26",
    "orden": 1,
    "icono": "router",
    "color": "#1e293b",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "switches"
    ]
  },
  {
    "id": "redes",
    "nombre": "Redes",
    "padre": "26",
    "orden": 2,
    "icono": "router",
    "color": "#1e293b",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "redes"
    ]
  },
  {
    "id": "enlaces-inalambricos",
    "nombre": "Enlaces inalambricos",
    "padre": "26",
    "orden": 3,
    "icono": "router",
    "color": "#1e293b",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "enlaces inalambricos"
    ]
  },
  {
    "id": "servidores",
    "nombre": "Servidores",
    "padre": "26",
    "orden": 4,
    "icono": "cuadricula",
    "color": "#1e293b",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "servidores"
    ]
  },
  {
    "id": "66523",
    "nombre": "Audio y Video",
    "padre": "",
    "orden": 3,
    "icono": "audifonos",
    "color": "#3730a3",
    "tarjeta": true,
    "menu": ""
  },
  {
    "id": "audio",
    "nombre": "Audio",
    "padre": "66523",
    "orden": 0,
    "icono": "audifonos",
    "color": "#3730a3",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "audio"
    ]
  },
  {
    "id": "video",
    "nombre": "Video",
    "padre": "66523",
    "orden": 1,
    "icono": "camara",
    "color": "#3730a3",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "video"
    ]
  },
  {
    "id": "66630",
    "nombre": "Robots e Industrial",
    "padre": "",
    "orden": 4,
    "icono": "dron",
    "color": "#b45309",
    "tarjeta": true,
    "menu": "Drones",
    "alias": [
      "drones"
    ]
  },
  {
    "id": "65747",
    "nombre": "Marketing",
    "padre": "",
    "orden": 5,
    "icono": "etiqueta",
    "color": "#9f1239",
    "tarjeta": true,
    "menu": ""
  },
  {
    "id": "27",
    "nombre": "IoT / GPS / Telemática y Señalización Audiovisual",
    "padre": "",
    "orden": 6,
    "icono": "ubicacion",
    "color": "#123a66",
    "tarjeta": true,
    "menu": ""
  },
  {
    "id": "30",
    "nombre": "Energía / Herramientas",
    "padre": "",
    "orden": 7,
    "icono": "energia",
    "color": "#0f766e",
    "tarjeta": true,
    "menu": "Energia",
    "alias": [
      "energia"
    ]
  },
  {
    "id": "energia-solar",
    "nombre": "Energia Solar",
    "padre": "30",
    "orden": 0,
    "icono": "energia",
    "color": "#0f766e",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "energia solar"
    ]
  },
  {
    "id": "32",
    "nombre": "Automatización e Intrusión",
    "padre": "",
    "orden": 8,
    "icono": "escudo",
    "color": "#1e293b",
    "tarjeta": true,
    "menu": ""
  },
  {
    "id": "seguridad",
    "nombre": "Seguridad",
    "padre": "32",
    "orden": 0,
    "icono": "escudo",
    "color": "#1e293b",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "seguridad"
    ]
  },
  {
    "id": "37",
    "nombre": "Control de Acceso",
    "padre": "",
    "orden": 9,
    "icono": "escudo",
    "color": "#3730a3",
    "tarjeta": true,
    "menu": ""
  },
  {
    "id": "38",
    "nombre": "Detección de Fuego",
    "padre": "",
    "orden": 10,
    "icono": "alerta",
    "color": "#b45309",
    "tarjeta": true,
    "menu": ""
  },
  {
    "id": "65811",
    "nombre": "Cableado Estructurado",
    "padre": "",
    "orden": 11,
    "icono": "cable",
    "color": "#9f1239",
    "tarjeta": true,
    "menu": "Cables"
  },
  {
    "id": "cables",
    "nombre": "Cables",
    "padre": "65811",
    "orden": 0,
    "icono": "cable",
    "color": "#9f1239",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "cables"
    ]
  },
  {
    "id": "accesorios",
    "nombre": "Accesorios",
    "padre": "",
    "orden": 12,
    "icono": "audifonos",
    "color": "#123a66",
    "tarjeta": false,
    "menu": "Accesorios",
    "alias": [
      "accesorios"
    ]
  },
  {
    "id": "otros",
    "nombre": "Otros",
    "padre": "",
    "orden": 13,
    "icono": "cuadricula",
    "color": "#1e293b",
    "tarjeta": false,
    "menu": "",
    "alias": [
      "otros"
    ]
  }
]
