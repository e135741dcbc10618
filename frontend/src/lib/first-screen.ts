import { useNavigationType } from 'react-router'

/**
 * Whether the page on screen is the one a fresh load opened at its top, before any navigation.
 * main.tsx sets it from the fresh load; AppRoot clears it at the first navigation.
 */
let firstScreen = false

export function setFirstScreen(value: boolean): void {
  firstScreen = value
}

/**
 * The class of a product card's place in a grid. On a page that opens at its top (a fresh load's
 * first page, or a page reached by a link) the browser lays out a card only when it nears the
 * viewport (content-visibility), holding a card's usual height until then and its own height once
 * drawn: the cards below the first screen take nothing from the page's start. A page that
 * restores a position (Back, Forward, a reload) gets none, so every card has its real size and the
 * position lands on the same product.
 */
export function useOffscreenCardClass(): string | undefined {
  const opensAtTop = useNavigationType() !== 'POP' || firstScreen
  return opensAtTop ? '[content-visibility:auto] [contain-intrinsic-size:auto_320px]' : undefined
}
