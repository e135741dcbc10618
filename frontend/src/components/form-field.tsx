import { useId, type InputHTMLAttributes } from 'react'

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string
  /** The server's (or the form's) Spanish message for this field. */
  error?: string
  hint?: string
}

/** A labelled input with its hint and its error message right below it. */
export function FormField({ label, error, hint, id, className = '', ...input }: FormFieldProps) {
  const auto = useId()
  const inputId = id ?? auto
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={className}>
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`field-input ${error ? 'border-rose-400 focus:border-rose-500 focus:ring-rose-500/30' : ''}`}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
