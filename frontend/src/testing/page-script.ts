/** Puts a <script type="application/json" id={id}> holding text into the page, as the server writes a page's data. */
export function pageWithScript(id: string, text: string): void {
  const script = document.createElement('script')
  script.id = id
  script.type = 'application/json'
  script.textContent = text
  document.body.append(script)
}
