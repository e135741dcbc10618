import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useGetOrdenesVersionQuery, useListOrdenesQuery } from '@/features/sales/api'
import { ORDENES_DEFAULTS } from '@/features/sales/list-params'
import type { Venta, VentasListArgs } from '@/features/sales/types'

/** How often the list asks whether anything changed (a Comandero keeps it open all day). */
export const ORDENES_POLL_MS = 5000

/** The newest open orders, read to count the ones that arrived: up to this many are counted. */
export const NEWEST_LIMIT = 50

/** How long the orders just shown with 'Ver órdenes nuevas' stay highlighted. */
const HIGHLIGHT_MS = 10_000

const NEWEST: VentasListArgs = { ...ORDENES_DEFAULTS, orden: '-fecha', page: 1, limit: NEWEST_LIMIT }

/**
 * The page of open orders asked for, and the newest open orders, kept fresh without reloading: a
 * tiny version number is polled every 5 s and both are fetched again only when it changes. They
 * are first read after the first version, so an order placed in between is never missed.
 */
export function useLiveOrdenes(args: VentasListArgs) {
  const version = useGetOrdenesVersionQuery(undefined, {
    pollingInterval: ORDENES_POLL_MS,
    skipPollingIfUnfocused: false,
    refetchOnMountOrArgChange: true,
  })
  const ready = { skip: version.isLoading, refetchOnMountOrArgChange: true }
  const list = useListOrdenesQuery(args, ready)
  const newest = useListOrdenesQuery(NEWEST, ready)
  const seen = useRef<number | undefined>(undefined)
  const { refetch, isUninitialized } = list
  const { refetch: refetchNewest, isUninitialized: newestUninitialized } = newest
  useEffect(() => {
    if (version.data === undefined) return
    if (seen.current !== undefined && seen.current !== version.data) {
      if (!isUninitialized) refetch()
      if (!newestUninitialized) refetchNewest()
    }
    seen.current = version.data
  }, [version.data, refetch, isUninitialized, refetchNewest, newestUninitialized])
  return { list, newest: newest.data?.ventas }
}

type Known = { at: number; ids: ReadonlySet<string> }

const time = (fecha: string) => {
  const t = Date.parse(fecha)
  return Number.isNaN(t) ? 0 : t
}

function knownOf(ordenes: Venta[]): Known {
  return { at: Math.max(-Infinity, ...ordenes.map((o) => time(o.fecha))), ids: new Set(ordenes.map((o) => o._id)) }
}

/**
 * The orders that arrived since the screen opened (or since 'Ver órdenes nuevas'): those among the
 * newest placed after the newest one known then. `show` marks them seen and highlights them for a
 * while; `highlighted` holds both the unseen ones and those just shown.
 */
export function useOrdenesNuevas(newest: Venta[] | undefined) {
  const [known, setKnown] = useState<Known | null>(null)
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set())
  const timer = useRef<number | undefined>(undefined)
  if (known === null && newest) setKnown(knownOf(newest))

  const arrived = useMemo(
    () => (known && newest ? newest.filter((o) => !known.ids.has(o._id) && time(o.fecha) >= known.at) : []),
    [known, newest],
  )
  const highlighted = useMemo(() => new Set([...shown, ...arrived.map((o) => o._id)]), [shown, arrived])

  const show = useCallback(() => {
    if (!newest) return
    setKnown(knownOf(newest))
    setShown(new Set(arrived.map((o) => o._id)))
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => setShown(new Set()), HIGHLIGHT_MS)
  }, [newest, arrived])
  useEffect(() => () => window.clearTimeout(timer.current), [])

  return { count: arrived.length, capped: arrived.length >= NEWEST_LIMIT, highlighted, show }
}
