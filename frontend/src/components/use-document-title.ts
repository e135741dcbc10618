import { useEffect } from 'react'

const SUFFIX = 'Tienda de Seguridad y Redes'

/** Sets the browser tab title for the current screen. */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} | ${SUFFIX}` : `${SUFFIX} | Videovigilancia, redes y energía`
  }, [title])
}
