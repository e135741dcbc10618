import { skipToken } from '@reduxjs/toolkit/query'
import { useRef, useState, type KeyboardEvent } from 'react'
import { useNavigate } from 'react-router'
import type { Producto } from '@/lib/producto'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { MIN_SEARCH_LENGTH, SUGGESTIONS, useSearchProductosQuery } from '@/features/search/api'

/** Debounce of the header search. */
export const SEARCH_DEBOUNCE_MS = 300

/** The results page of a search: `/busqueda?q=…`, which can be shared. */
export function searchResultsPath(text: string): string {
  return `/busqueda?${new URLSearchParams({ q: text.trim() })}`
}

/**
 * The header search's state: the text, the debounced search, its first 8 results and its total,
 * whether the panel is open, the option the arrow keys highlight, choosing one (which opens its
 * page) and submitting the text (Enter, the keyboard's Buscar key), which opens every result.
 */
export function useSearchCombobox() {
  const navigate = useNavigate()
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const blurTimer = useRef<number | undefined>(undefined)

  const term = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const enabled = term.length >= MIN_SEARCH_LENGTH
  const { data, isFetching, isError } = useSearchProductosQuery(enabled ? term : skipToken)
  const results = enabled && data ? data.productos.slice(0, SUGGESTIONS) : []
  const total = enabled && data ? data.total : 0
  const typed = text.trim()
  const tooShort = typed.length > 0 && typed.length < MIN_SEARCH_LENGTH // the panel says why nothing is searched
  const waiting = !tooShort && typed.length > 0 && (typed !== term || isFetching) // the debounce's wait too
  const showPanel = open && (enabled || tooShort || waiting)

  const choose = (producto: Producto) => {
    setOpen(false)
    setText('')
    setActive(-1)
    navigate(`/product/${encodeURIComponent(producto._id)}`)
  }

  const submit = () => {
    setOpen(tooShort)
    if (tooShort || !typed) return
    setActive(-1)
    // The phone's keyboard goes away with the focus, uncovering the results.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur()
    navigate(searchResultsPath(typed))
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && results.length) {
      event.preventDefault()
      setOpen(true)
      setActive((i) => (i + 1) % results.length)
    } else if (event.key === 'ArrowUp' && results.length) {
      event.preventDefault()
      setActive((i) => (i <= 0 ? results.length - 1 : i - 1))
    } else if (event.key === 'Enter' && active >= 0 && results[active]) {
      event.preventDefault()
      choose(results[active])
    } else if (event.key === 'Escape') {
      setOpen(false)
      setActive(-1)
    }
  }

  const type = (value: string) => {
    setText(value)
    setOpen(true)
    setActive(-1)
  }

  // Focus leaving the whole box (input and panel) closes the panel; moving within it does not.
  const onBlur = () => void (blurTimer.current = window.setTimeout(() => setOpen(false), 120))
  const onFocus = () => window.clearTimeout(blurTimer.current)

  return {
    text,
    type,
    openPanel: () => setOpen(true),
    showPanel,
    tooShort,
    term,
    results,
    total,
    submit,
    close: () => setOpen(false),
    waiting,
    isError,
    active,
    choose,
    onKeyDown,
    onBlur,
    onFocus,
  }
}
