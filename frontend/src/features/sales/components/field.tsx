import { useId, type ReactNode } from 'react'

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
