/** Cuts text to at most `max` characters, adding an ellipsis when something was cut. */
export function truncate(text: string, max: number): string {
  const clean = text.trim()
  return clean.length > max ? `${clean.slice(0, max).trimEnd()}…` : clean
}

/** The first word of a full name ("Ana María López" -> "Ana"). */
export function firstName(fullName: string | null | undefined): string {
  return (fullName ?? '').trim().split(/\s+/)[0] ?? ''
}
