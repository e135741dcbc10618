/** A field's server message under its input in the catalogue admin forms; nothing when it has none. */
export function FieldError({ message }: { message?: string }) {
  return message ? <span className="mt-1 block text-xs text-rose-700">{message}</span> : null
}
