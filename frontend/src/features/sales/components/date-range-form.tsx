import { useState, type FormEvent } from 'react'
import { checkDateRange } from '@/lib/dates'
import { Field } from '@/components/form-field'
import type { DateRange } from '@/features/sales/types'

type Props = { initial: DateRange; submitLabel: string; onSubmit: (range: DateRange) => void; busy?: boolean }

/**
 * 'Fecha de inicio' and 'Fecha de fin' with a submit button; checks the days before asking. Shows
 * `initial` again when it changes from outside (a reset, the back button).
 */
export function DateRangeForm({ initial, submitLabel, onSubmit, busy }: Props) {
  const [startDate, setStart] = useState(initial.startDate)
  const [endDate, setEnd] = useState(initial.endDate)
  const [problem, setProblem] = useState('')
  const [shown, setShown] = useState(initial)
  if (shown.startDate !== initial.startDate || shown.endDate !== initial.endDate) {
    setShown(initial)
    setStart(initial.startDate)
    setEnd(initial.endDate)
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = checkDateRange(startDate, endDate)
    if (!checked.ok) return setProblem(checked.error)
    setProblem('')
    onSubmit(checked.range)
  }

  return (
    <form onSubmit={submit} noValidate className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field label="Fecha de inicio">
          {(id) => (
            <input
              id={id}
              type="date"
              className="field-input"
              value={startDate}
              max={endDate || undefined}
              onChange={(e) => setStart(e.target.value)}
              aria-invalid={Boolean(problem) || undefined}
            />
          )}
        </Field>
        <Field label="Fecha de fin">
          {(id) => (
            <input
              id={id}
              type="date"
              className="field-input"
              value={endDate}
              min={startDate || undefined}
              onChange={(e) => setEnd(e.target.value)}
              aria-invalid={Boolean(problem) || undefined}
            />
          )}
        </Field>
        <button type="submit" className="btn-primary h-12" disabled={busy}>
          {submitLabel}
        </button>
      </div>
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  )
}
