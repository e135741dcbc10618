import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { checkDateRange } from '@/lib/dates'
import type { Option } from '@/lib/list-state'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useMediaQuery } from '@/lib/use-media-query'

/** How long the search waits after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300

type SearchFieldProps = {
  label: string
  placeholder: string
  /** The search in force (from the address). */
  value: string
  /** Called with the trimmed text once typing stops. */
  onSearch: (text: string) => void
  className?: string
  /** The label for screen readers only (the placeholder says it on screen). */
  hideLabel?: boolean
}

/** A search box that asks the server only once typing stops; follows `value` when it is reset. */
export function SearchField({ label, placeholder, value, onSearch, className = '', hideLabel }: SearchFieldProps) {
  const id = useId()
  const [text, setText] = useState(value)
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS)
  const handled = useRef(debounced) // the last settled text acted upon
  const sent = useRef(value) // the last search asked for
  useEffect(() => {
    // Changed from outside (e.g. 'Quitar filtros', the back button): show it.
    if (value === sent.current) return
    sent.current = value
    setText(value)
  }, [value])
  useEffect(() => {
    if (debounced === handled.current) return
    handled.current = debounced
    if (debounced === sent.current) return
    sent.current = debounced
    onSearch(debounced)
  }, [debounced, onSearch])
  return (
    <div className={className}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
      </label>
      <input
        id={id}
        type="search"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={100}
        className="field-input"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  )
}

type SelectFilterProps = {
  label: string
  value: string
  options: readonly Option[]
  /** The first option, meaning "no filter" (value ''); none when the choice is required (a sort). */
  allLabel?: string
  onChange: (value: string) => void
}

/** A labelled select that filters (or sorts) a list as soon as it changes. */
export function SelectFilter({ label, value, options: choices, allLabel, onChange }: SelectFilterProps) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <select id={id} className="field-input" value={value} onChange={(e) => onChange(e.target.value)}>
        {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
        {choices.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  )
}

type DayRangeFieldsProps = {
  desde: string
  hasta: string
  /** Called when both days are valid, or one or both are empty (no limit on that side). */
  onChange: (range: { desde: string; hasta: string }) => void
  labels?: [string, string]
}

/** Two optional day inputs that filter as soon as the range makes sense; otherwise say why. */
export function DayRangeFields({ desde, hasta, onChange, labels = ['Desde', 'Hasta'] }: DayRangeFieldsProps) {
  const [from, setFrom] = useState(desde)
  const [to, setTo] = useState(hasta)
  const [problem, setProblem] = useState('')
  const errorId = useId()
  const fromId = useId()
  const toId = useId()
  const [shown, setShown] = useState({ desde, hasta })
  if (shown.desde !== desde || shown.hasta !== hasta) {
    // Changed from outside (e.g. 'Quitar filtros'): show it.
    setShown({ desde, hasta })
    setFrom(desde)
    setTo(hasta)
  }

  function change(nextFrom: string, nextTo: string) {
    setFrom(nextFrom)
    setTo(nextTo)
    if (nextFrom && nextTo) {
      const checked = checkDateRange(nextFrom, nextTo)
      if (!checked.ok) return setProblem(checked.error)
    }
    setProblem('')
    onChange({ desde: nextFrom, hasta: nextTo })
  }

  const invalid = Boolean(problem) || undefined
  const described = problem ? errorId : undefined
  return (
    <>
      <div>
        <label htmlFor={fromId} className="field-label">
          {labels[0]}
        </label>
        <input id={fromId} type="date" className="field-input" value={from} max={to || undefined}
          aria-invalid={invalid} aria-describedby={described} onChange={(e) => change(e.target.value, to)} />
      </div>
      <div>
        <label htmlFor={toId} className="field-label">
          {labels[1]}
        </label>
        <input id={toId} type="date" className="field-input" value={to} min={from || undefined}
          aria-invalid={invalid} aria-describedby={described} onChange={(e) => change(from, e.target.value)} />
      </div>
      {problem ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 sm:col-span-full">
          {problem}
        </p>
      ) : null}
    </>
  )
}

/** From this width a list's filters are always shown; below, behind a 'Filtros' button. */
const ROOMY = '(min-width: 768px)'

type CollapsibleFiltersProps = {
  /** The search box, always shown (give it `className="min-w-0 flex-1"`). */
  search: ReactNode
  /** How many of the folded filters are in force: 'Filtros (2)'. */
  active: number
  /** The search or a filter narrows the list: 'Quitar filtros' is offered. */
  narrowed: boolean
  onClear: () => void
  /** The filters (SelectFilter, DayRangeFields…), in a grid. */
  children: ReactNode
}

/**
 * A staff list's search and filters. On a phone the filters fold behind a 'Filtros' button that
 * says how many are in force; 'Quitar filtros' shows while anything narrows the list.
 */
export function CollapsibleFilters({ search, active, narrowed, onClear, children }: CollapsibleFiltersProps) {
  const roomy = useMediaQuery(ROOMY)
  const [open, setOpen] = useState(false)
  const panelId = useId()
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-end gap-2">
        {search}
        {roomy ? null : (
          <button
            type="button"
            className="btn-secondary h-12 shrink-0 px-4"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
          >
            Filtros{active > 0 ? ` (${active})` : ''}
          </button>
        )}
      </div>
      {roomy || open ? (
        <div id={panelId} className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {children}
        </div>
      ) : null}
      {narrowed ? (
        <button type="button" className="link mt-3 text-sm" onClick={onClear}>
          Quitar filtros
        </button>
      ) : null}
    </div>
  )
}
