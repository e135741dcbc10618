import { useEffect, useState } from 'react'

/** How long the success line after a save stays on screen. */
const NOTICE_MS = 3000

/** The success line after a save, cleared NOTICE_MS after it was set. */
export function useNotice() {
  const [notice, setNotice] = useState('')
  useEffect(() => {
    if (!notice) return
    const timer = window.setTimeout(() => setNotice(''), NOTICE_MS)
    return () => window.clearTimeout(timer)
  }, [notice])
  return [notice, setNotice] as const
}
