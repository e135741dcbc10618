import type { ComponentType } from 'react'
import { BoltIcon, CableIcon, CameraIcon, DroneIcon, HeadphonesIcon, RouterIcon } from '@/components/icons'
import type { MenuCategorySlug } from '@/lib/categories'

export const CATEGORY_ICONS: Record<MenuCategorySlug, ComponentType<{ size?: number }>> = {
  'video-vigilancia': CameraIcon,
  energia: BoltIcon,
  accesorios: HeadphonesIcon,
  routers: RouterIcon,
  drones: DroneIcon,
  cables: CableIcon,
}
