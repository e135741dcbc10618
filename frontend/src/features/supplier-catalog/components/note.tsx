/** The outcome of a button: a status when it went well, an alert otherwise. */
export type NoteValue = { ok: boolean; text: string } | null

export function Note({ note }: { note: NoteValue }) {
  if (!note) return null
  return (
    <p role={note.ok ? 'status' : 'alert'} className={`mt-3 rounded-xl px-4 py-3 text-sm ${note.ok ? 'bg-teal-50 text-teal-900' : 'bg-red-50 text-red-800'}`}>
      {note.text}
    </p>
  )
}
