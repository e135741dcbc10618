package users

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"mime"
	"mime/quotedprintable"
	"net"
	"net/smtp"
	"net/url"
	"strings"
	"time"

	"github.com/rs/zerolog"
)

// Mailer sends one plain-text e-mail. Errors: the transport's.
type Mailer interface {
	Send(ctx context.Context, to, subject, body string) error
}

// NewMailer returns an SMTP mailer for smtpURL (smtp://user:pass@host:587, with STARTTLS when the
// server offers it, or smtps://host:465 for TLS from the start), or, when smtpURL is empty, a
// mailer that writes each message to the log.
func NewMailer(smtpURL, from string, log zerolog.Logger) (Mailer, error) {
	if smtpURL == "" {
		return logMailer{log: log}, nil
	}
	u, err := url.Parse(smtpURL)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, fmt.Errorf("users: SMTP_URL must look like smtp://user:password@host:587")
	}
	m := &smtpMailer{host: u.Hostname(), port: u.Port(), tls: u.Scheme == "smtps", from: from}
	if m.port == "" {
		m.port = "587"
		if m.tls {
			m.port = "465"
		}
	}
	if u.User != nil {
		m.user = u.User.Username()
		m.pass, _ = u.User.Password()
	}
	return m, nil
}

// logMailer writes messages to the log: the development default when no SMTP server is set.
type logMailer struct{ log zerolog.Logger }

func (l logMailer) Send(_ context.Context, to, subject, body string) error {
	l.log.Warn().Str("to", to).Str("subject", subject).Str("body", body).
		Msg("e-mail not sent (no SMTP_URL set); its text is here")
	return nil
}

type smtpMailer struct {
	host, port, user, pass, from string
	tls                          bool
}

func (m *smtpMailer) Send(ctx context.Context, to, subject, body string) error {
	msg, err := buildMessage(m.from, to, subject, body, time.Now())
	if err != nil {
		return err
	}
	addr := net.JoinHostPort(m.host, m.port)
	d := net.Dialer{Timeout: 10 * time.Second}
	var conn net.Conn
	if m.tls {
		conn, err = (&tls.Dialer{NetDialer: &d, Config: &tls.Config{ServerName: m.host, MinVersion: tls.VersionTLS12}}).DialContext(ctx, "tcp", addr)
	} else {
		conn, err = d.DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return fmt.Errorf("users: smtp dial: %w", err)
	}
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	c, err := smtp.NewClient(conn, m.host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("users: smtp hello: %w", err)
	}
	defer c.Close()
	if err := c.Hello("localhost"); err != nil {
		return fmt.Errorf("users: smtp hello: %w", err)
	}
	if !m.tls {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(&tls.Config{ServerName: m.host, MinVersion: tls.VersionTLS12}); err != nil {
				return fmt.Errorf("users: smtp starttls: %w", err)
			}
		}
	}
	if m.user != "" {
		// PlainAuth refuses to send the password over a connection that is neither TLS nor local.
		if err := c.Auth(smtp.PlainAuth("", m.user, m.pass, m.host)); err != nil {
			return fmt.Errorf("users: smtp auth: %w", err)
		}
	}
	if err := c.Mail(m.from); err != nil {
		return fmt.Errorf("users: smtp mail from: %w", err)
	}
	if err := c.Rcpt(to); err != nil {
		return fmt.Errorf("users: smtp rcpt: %w", err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("users: smtp data: %w", err)
	}
	if _, err := w.Write(msg); err != nil {
		return fmt.Errorf("users: smtp write: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("users: smtp data end: %w", err)
	}
	return c.Quit()
}

// buildMessage writes a UTF-8 plain-text message with encoded headers.
func buildMessage(from, to, subject, body string, now time.Time) ([]byte, error) {
	if strings.ContainsAny(from+to, "\r\n") {
		return nil, fmt.Errorf("users: mail address with a line break")
	}
	id := make([]byte, 12)
	_, _ = rand.Read(id)
	domain := from[strings.LastIndexByte(from, '@')+1:]
	var b bytes.Buffer
	fmt.Fprintf(&b, "From: %s\r\n", from)
	fmt.Fprintf(&b, "To: %s\r\n", to)
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", subject))
	fmt.Fprintf(&b, "Date: %s\r\n", now.Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s@%s>\r\n", hex.EncodeToString(id), domain)
	b.WriteString("MIME-Version: 1.0\r\n")
	b.WriteString("Content-Type: text/plain; charset=UTF-8\r\n")
	b.WriteString("Content-Transfer-Encoding: quoted-printable\r\n\r\n")
	qp := quotedprintable.NewWriter(&b)
	if _, err := qp.Write([]byte(strings.ReplaceAll(body, "\n", "\r\n"))); err != nil {
		return nil, err
	}
	if err := qp.Close(); err != nil {
		return nil, err
	}
	b.WriteString("\r\n")
	return b.Bytes(), nil
}
