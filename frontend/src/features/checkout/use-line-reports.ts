import { useCallback, useState } from 'react'
import type { CarritoItem } from '@/lib/carrito'
import { lineKey } from '@/features/checkout/carrito-refresh'
import type { PriceNotice } from '@/features/checkout/use-line-check'

/**
 * What the cart's lines report (use-line-check.ts): the price changes to tell the shopper about,
 * and whether a line that cannot be ordered as it is blocks the order.
 */
export function useLineReports(items: CarritoItem[]) {
  const [notices, setNotices] = useState<PriceNotice[]>([])
  const [problems, setProblems] = useState<Record<string, string>>({})
  const onPriceChange = useCallback(
    (n: PriceNotice) => setNotices((all) => [...all.filter((x) => x.key !== n.key), n]),
    [],
  )
  const onProblem = useCallback(
    (key: string, problem: string | null) =>
      setProblems((all) => {
        if ((all[key] ?? null) === problem) return all
        const next = { ...all }
        if (problem) next[key] = problem
        else delete next[key]
        return next
      }),
    [],
  )
  const keys = new Set(items.map(lineKey))
  const blocked = Object.keys(problems).some((k) => keys.has(k))
  const dismissNotices = () => setNotices([])
  return { notices, dismissNotices, onPriceChange, onProblem, blocked }
}
