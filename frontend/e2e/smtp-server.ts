import net from 'node:net'

/** A message the test SMTP server received: its raw text with the body decoded. */
export type ReceivedMail = { from: string; to: string[]; raw: string; body: string }

/** Decodes a quoted-printable body. */
function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const soft = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

/**
 * A tiny SMTP server on 127.0.0.1 for browser tests: it accepts every message and keeps it.
 * `next()` waits for the next message.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = []
  const waiting: ((m: ReceivedMail) => void)[] = []
  const server = net.createServer((socket) => {
    let buffer = ''
    let inData = false
    let from = ''
    let to: string[] = []
    const say = (line: string) => socket.write(`${line}\r\n`)
    say('220 prueba ESMTP')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n')
          if (end < 0) return
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.')
          buffer = buffer.slice(end + 5)
          inData = false
          const split = raw.indexOf('\r\n\r\n')
          const mail = { from, to, raw, body: decodeQuotedPrintable(split < 0 ? '' : raw.slice(split + 4)) }
          const waiter = waiting.shift()
          if (waiter) waiter(mail)
          else received.push(mail)
          say('250 OK aceptado')
          continue
        }
        const eol = buffer.indexOf('\r\n')
        if (eol < 0) return
        const line = buffer.slice(0, eol)
        buffer = buffer.slice(eol + 2)
        const cmd = line.toUpperCase()
        if (cmd.startsWith('EHLO') || cmd.startsWith('HELO')) {
          say('250-prueba')
          say('250 8BITMIME')
        } else if (cmd.startsWith('MAIL FROM')) {
          from = line.slice(10).trim()
          to = []
          say('250 OK')
        } else if (cmd.startsWith('RCPT TO')) {
          to.push(line.slice(8).trim())
          say('250 OK')
        } else if (cmd === 'DATA') {
          inData = true
          say('354 fin con <CRLF>.<CRLF>')
        } else if (cmd === 'QUIT') {
          say('221 adios')
          socket.end()
        } else if (cmd.startsWith('RSET') || cmd.startsWith('NOOP')) {
          say('250 OK')
        } else {
          say('502 no implementado')
        }
      }
    })
    socket.on('error', () => socket.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    next(timeoutMs = 10_000): Promise<ReceivedMail> {
      const ready = received.shift()
      if (ready) return Promise.resolve(ready)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no e-mail reached the test SMTP server')), timeoutMs)
        waiting.push((m) => {
          clearTimeout(timer)
          resolve(m)
        })
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
