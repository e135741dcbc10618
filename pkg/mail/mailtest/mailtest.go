// Package mailtest is an SMTP server for tests: it accepts what a Sender sends over plain SMTP on
// 127.0.0.1 and decodes each message as a mail client would (headers, the text and HTML parts).
package mailtest

import (
	"encoding/base64"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/textproto"
	"strings"
	"sync"
	"testing"
	"time"
)

// Mail is a message as the server received and decoded it.
type Mail struct {
	From, To, Subject string
	Text, HTML        string   // the parts, with \n line ends
	Attachments       []string // the media types of the other parts (application/pdf…)
	Raw               string
}

// Server is a running test SMTP server.
type Server struct {
	Addr string // host:port; SMTP_URL is "smtp://" + Addr

	mu     sync.Mutex
	refuse int // DATA commands still to refuse with a temporary error
	got    []Mail
	t      *testing.T
}

// Start runs a server until the test ends.
func Start(t *testing.T) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{Addr: ln.Addr().String(), t: t}
	t.Cleanup(func() { _ = ln.Close() })
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(conn)
		}
	}()
	return s
}

// RefuseNext makes the next n messages fail with "451 try again later" after their data.
func (s *Server) RefuseNext(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.refuse = n
}

// Mails is every message accepted so far.
func (s *Server) Mails() []Mail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Mail(nil), s.got...)
}

// Wait returns the accepted messages once there are at least n, or fails the test after 15 s.
func (s *Server) Wait(t *testing.T, n int) []Mail {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		if got := s.Mails(); len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d e-mails reached the SMTP server, want %d", len(s.Mails()), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func (s *Server) serve(conn net.Conn) {
	defer func() { _ = conn.Close() }()
	tp := textproto.NewConn(conn)
	say := func(line string) { _ = tp.PrintfLine("%s", line) }
	say("220 prueba ESMTP")
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		verb, _, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO", "HELO":
			say("250-prueba")
			say("250 8BITMIME")
		case "MAIL", "RCPT", "RSET", "NOOP":
			say("250 OK")
		case "DATA":
			say("354 fin con <CRLF>.<CRLF>")
			raw, err := io.ReadAll(tp.DotReader())
			if err != nil {
				return
			}
			s.mu.Lock()
			if s.refuse > 0 {
				s.refuse--
				s.mu.Unlock()
				say("451 4.3.0 intenta más tarde")
				continue
			}
			m, derr := decode(string(raw))
			if derr != nil {
				s.t.Errorf("mailtest: %v\n%s", derr, raw)
			}
			s.got = append(s.got, m)
			s.mu.Unlock()
			say("250 OK aceptado")
		case "QUIT":
			say("221 adiós")
			return
		default:
			say("502 no implementado")
		}
	}
}

// decode reads a message's headers and its text/plain and text/html parts (at any depth of
// multipart), each decoded from its transfer encoding (every text must be UTF-8), and the media
// types of its other parts.
func decode(raw string) (Mail, error) {
	msg, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		return Mail{}, err
	}
	m := Mail{Raw: raw}
	from, err1 := mail.ParseAddress(msg.Header.Get("From"))
	to, err2 := mail.ParseAddress(msg.Header.Get("To"))
	subject, err3 := new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err := errors.Join(err1, err2, err3); err != nil {
		return Mail{}, err
	}
	m.From, m.To, m.Subject = from.Address, to.Address, subject
	err = part(&m, msg.Header.Get("Content-Type"), msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
	return m, err
}

func part(m *Mail, contentType, encoding string, body io.Reader) error {
	mediaType, params, err := mime.ParseMediaType(contentType)
	if err != nil {
		return err
	}
	if strings.HasPrefix(mediaType, "multipart/") {
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				return nil
			}
			if err != nil {
				return err
			}
			if err := part(m, p.Header.Get("Content-Type"), p.Header.Get("Content-Transfer-Encoding"), p); err != nil {
				return err
			}
		}
	}
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		return err
	}
	if !strings.HasPrefix(mediaType, "text/") {
		m.Attachments = append(m.Attachments, mediaType)
		return nil
	}
	if !strings.EqualFold(params["charset"], "utf-8") {
		return errors.New("mailtest: " + mediaType + " in charset " + params["charset"])
	}
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	switch mediaType {
	case "text/plain":
		m.Text = text
	case "text/html":
		m.HTML = text
	}
	return nil
}
