/** A `tel:` link for a Mexican phone number as people write it ("55 1234 5678"). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '')
  if (digits.startsWith('+')) return `tel:${digits}`
  return digits.length === 10 ? `tel:+52${digits}` : `tel:${digits}`
}

/** A WhatsApp chat link for the same number. */
export function whatsAppHref(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  return `https://wa.me/${digits.length === 10 ? `52${digits}` : digits}`
}
