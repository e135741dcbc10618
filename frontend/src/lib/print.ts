import { useEffect, useRef } from 'react'

/** The print dialog opens about 1 s after the page has what it prints. */
export const PRINT_DELAY_MS = 1000

/** Opens the print dialog once, PRINT_DELAY_MS after ready first becomes true. */
export function usePrintWhenReady(ready: boolean) {
  const printed = useRef(false)
  useEffect(() => {
    if (!ready || printed.current) return
    const timer = window.setTimeout(() => {
      printed.current = true
      window.print()
    }, PRINT_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [ready])
}
