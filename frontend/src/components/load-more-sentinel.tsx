import { useEffect, useRef } from 'react'

type LoadMoreSentinelProps = {
  /** Called when the end of the list comes within `marginPx` of the viewport. */
  onReach: () => void
  enabled: boolean
  marginPx: number
}

/** An invisible marker at the end of a list that asks for the next page (infinite scroll). */
export function LoadMoreSentinel({ onReach, enabled, marginPx }: LoadMoreSentinelProps) {
  const ref = useRef<HTMLDivElement>(null)
  const onReachRef = useRef(onReach)
  useEffect(() => {
    onReachRef.current = onReach
  })

  useEffect(() => {
    const node = ref.current
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onReachRef.current()
      },
      { rootMargin: `0px 0px ${marginPx}px 0px` },
    )
    observer.observe(node)
    return () => observer.disconnect()
  }, [enabled, marginPx])

  return <div ref={ref} data-testid="load-more" aria-hidden="true" className="h-px w-full" />
}
