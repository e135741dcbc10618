import { createElement } from 'react'
import { categoriaIcon } from '@/components/layout/categoria-icons'

/** A category's icon by its name (the grid for one this build does not know). */
export function CategoriaIcon({ name, size }: { name: string; size?: number }) {
  return createElement(categoriaIcon(name), { size })
}
