// Package mail sends the shop's e-mail: over SMTP (go-mail) when SMTP_URL is set, to the log
// otherwise. Any module that mails (recovery codes, invoices) takes a Sender from app/.
package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/rs/zerolog"
	gomail "github.com/wneessen/go-mail"
)

// Message is one e-mail to one recipient: a plain-text body, optionally the same in HTML (sent
// as its alternative), and files attached to it (an invoice's PDF and XML, for instance).
type Message struct {
	To          string
	Subject     string
	Text        string
	HTML        string // escaped by its author (html/template); empty: text only
	Attachments []Attachment
}

// Attachment is a file sent with a Message.
type Attachment struct {
	Name        string // the file name the recipient sees, such as "factura-A123.pdf"
	ContentType string // such as "application/pdf"; empty means application/octet-stream
	Data        []byte
}

// Sender sends e-mail. Errors: the transport's.
type Sender interface {
	Send(ctx context.Context, m Message) error
}

// smtpTimeout bounds the connection to the SMTP server and, from each deadline go-mail sets (on
// connecting and before each message), the commands that follow.
const smtpTimeout = 10 * time.Second

// New returns an SMTP mailer for smtpURL (smtp://user:pass@host:587, with STARTTLS when the
// server offers it, or smtps://host:465 for TLS from the start), or, when smtpURL is empty, a
// mailer that writes each message to the log. Messages come from the address from.
func New(smtpURL, from string, log zerolog.Logger) (Sender, error) {
	return newSender(smtpURL, from, log, nil, smtpTimeout)
}

// newSender is New trusting the certificates of roots (nil: the system's; tests pass theirs),
// giving up on a silent server after timeout (smtpTimeout; tests pass a short one).
func newSender(smtpURL, from string, log zerolog.Logger, roots *x509.CertPool, timeout time.Duration) (Sender, error) {
	if smtpURL == "" {
		return logMailer{log: log}, nil
	}
	errURL := errors.New("mail: SMTP_URL must look like smtp://user:password@host:587")
	u, err := url.Parse(smtpURL)
	if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
		return nil, errURL
	}
	host, implicitTLS := u.Hostname(), u.Scheme == "smtps"
	port := gomail.DefaultPortTLS
	if implicitTLS {
		port = gomail.DefaultPortSSL
	}
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, errURL
		}
	}
	opts := []gomail.Option{
		gomail.WithPort(port),
		gomail.WithTimeout(timeout),
		gomail.WithHELO("localhost"),
		gomail.WithTLSConfig(&tls.Config{ServerName: host, MinVersion: tls.VersionTLS12, RootCAs: roots}),
	}
	if implicitTLS {
		opts = append(opts, gomail.WithSSL())
	} else {
		opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
	}
	if u.User != nil && u.User.Username() != "" {
		// PLAIN refuses to send the password over a connection that is neither TLS nor local, so a
		// STARTTLS stripped on the way fails the send instead of revealing the password.
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthPlain),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pass))
	}
	client, err := gomail.NewClient(host, opts...)
	if err != nil {
		return nil, fmt.Errorf("mail: SMTP_URL: %w", err)
	}
	return &smtpMailer{client: client, from: from}, nil
}

// Delivers reports whether s really sends e-mail: false for the mailer that only logs it (no
// SMTP_URL), so that no screen says a message was sent when it was not.
func Delivers(s Sender) bool {
	_, logged := s.(logMailer)
	return !logged
}

// logMailer writes messages to the log: the development default when no SMTP server is set.
type logMailer struct{ log zerolog.Logger }

func (l logMailer) Send(_ context.Context, m Message) error {
	ev := l.log.Warn().Str("to", m.To).Str("subject", m.Subject).Str("body", m.Text)
	if len(m.Attachments) > 0 {
		names := make([]string, len(m.Attachments))
		for i, a := range m.Attachments {
			names[i] = a.Name
		}
		ev = ev.Strs("attachments", names)
	}
	ev.Msg("e-mail not sent (no SMTP_URL set); its text is here")
	return nil
}

// smtpMailer sends each Message over a connection of its own; the go-mail client only holds the
// settings, so one may send from several goroutines at once.
type smtpMailer struct {
	client *gomail.Client
	from   string
}

// Send delivers m. ctx bounds the connection; smtpTimeout bounds each step after it.
func (s *smtpMailer) Send(ctx context.Context, m Message) error {
	msg, err := s.message(m)
	if err != nil {
		return err
	}
	if err := s.client.DialAndSendWithContext(ctx, msg); err != nil {
		return fmt.Errorf("mail: smtp: %w", err)
	}
	return nil
}

// message builds m as a UTF-8 message: the text (and its HTML alternative) quoted-printable, the
// attachments in base64.
func (s *smtpMailer) message(m Message) (*gomail.Msg, error) {
	msg := gomail.NewMsg(gomail.WithNoDefaultUserAgent())
	if err := msg.From(s.from); err != nil {
		return nil, fmt.Errorf("mail: mail from: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return nil, fmt.Errorf("mail: mail to: %w", err)
	}
	msg.Subject(m.Subject)
	// The Message-ID names the sender's domain, not this machine's host name.
	msg.SetMessageIDWithValue(rand.Text() + "@" + s.from[strings.LastIndexByte(s.from, '@')+1:])
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	for _, a := range m.Attachments {
		ct := a.ContentType
		if ct == "" {
			ct = "application/octet-stream"
		}
		msg.AttachReadSeeker(a.Name, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(ct)))
	}
	return msg, nil
}
