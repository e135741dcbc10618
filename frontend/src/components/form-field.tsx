import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'

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

/**
 * A label and its control, tied by id (not by nesting), so the control's accessible name is the
 * label alone ('Pago'), not the label plus the value it shows.
 */
export function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId()
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children(id)}
    </div>
  )
}

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; options: readonly string[] }

/** A labelled select whose options are the values themselves. */
export function SelectField({ label, options, ...select }: SelectFieldProps) {
  return (
    <Field label={label}>
      {(id) => (
        <select id={id} className="field-input" {...select}>
          {options.map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
      )}
    </Field>
  )
}

type TextAreaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string }

/** A labelled multi-line text box; `className` adds to the field's own classes. */
export function TextAreaField({ label, className, ...area }: TextAreaFieldProps) {
  return (
    <Field label={label}>
      {(id) => <textarea id={id} className={`field-input h-auto py-3${className ? ` ${className}` : ''}`} {...area} />}
    </Field>
  )
}
