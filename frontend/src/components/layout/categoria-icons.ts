import type { ComponentType } from 'react'
import {
  AlertIcon,
  BoltIcon,
  CableIcon,
  CameraIcon,
  DroneIcon,
  GridIcon,
  HeadphonesIcon,
  MapPinIcon,
  PackageIcon,
  PhoneIcon,
  RouterIcon,
  ShieldIcon,
  TagIcon,
  TruckIcon,
} from '@/components/icons'

/**
 * The icons a category may have, by the name the server keeps (its allow-list,
 * modules/catalog/categories.go categoryIcons), with their Spanish label for the admin screen.
 */
export const CATEGORIA_ICONS: Record<string, { icon: ComponentType<{ size?: number }>; label: string }> = {
  camara: { icon: CameraIcon, label: 'Cámara' },
  energia: { icon: BoltIcon, label: 'Energía' },
  audifonos: { icon: HeadphonesIcon, label: 'Audífonos' },
  router: { icon: RouterIcon, label: 'Router' },
  dron: { icon: DroneIcon, label: 'Dron' },
  cable: { icon: CableIcon, label: 'Cable' },
  escudo: { icon: ShieldIcon, label: 'Escudo' },
  cuadricula: { icon: GridIcon, label: 'Cuadrícula' },
  paquete: { icon: PackageIcon, label: 'Paquete' },
  etiqueta: { icon: TagIcon, label: 'Etiqueta' },
  camion: { icon: TruckIcon, label: 'Camión' },
  telefono: { icon: PhoneIcon, label: 'Teléfono' },
  ubicacion: { icon: MapPinIcon, label: 'Ubicación' },
  alerta: { icon: AlertIcon, label: 'Alerta' },
}

export const CATEGORIA_ICON_NAMES = Object.keys(CATEGORIA_ICONS)

/** The icon of a category; the grid for a name this build does not know. */
export const categoriaIcon = (name: string) => (CATEGORIA_ICONS[name] ?? CATEGORIA_ICONS.cuadricula).icon
