import { readItem, writeItem } from '@/lib/storage'

/** The papers a ticket prints on: thermal rolls of 58 and 80 mm, and A4 sheets. */
export type Paper = '58' | '80' | 'a4'

export const PAPERS: { value: Paper; label: string }[] = [
  { value: '58', label: '58 mm' },
  { value: '80', label: '80 mm' },
  { value: 'a4', label: 'Hoja A4' },
]

/** Where the chosen paper is remembered (this browser: the counter's printer). */
export const PAPER_KEY = 'ticketPapel'

export function readPaper(): Paper {
  const v = readItem(PAPER_KEY)
  return v === '58' || v === '80' || v === 'a4' ? v : '80'
}

export function writePaper(p: Paper): void {
  writeItem(PAPER_KEY, p)
}

/**
 * The print page for a paper: a roll's page is as wide as the roll and as long as the ticket
 * (heightMm, measured), with no margin, so that the printer cuts right after it; A4 keeps the
 * sheet and a margin.
 */
export function pageRule(paper: Paper, heightMm: number): string {
  if (paper === 'a4') return '@page { size: A4; margin: 12mm; }'
  return `@page { size: ${paper}mm ${Math.max(40, Math.ceil(heightMm) + 4)}mm; margin: 0; }`
}

/** "05/03/2026 14:07" from lib/dates' "2026-03-05 14:07": the way a Mexican receipt writes it. */
export function ticketDate(formatted: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})$/.exec(formatted)
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : formatted
}
