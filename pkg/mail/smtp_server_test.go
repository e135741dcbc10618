package mail

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"io"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/textproto"
	"strings"
	"testing"
	"time"
)

// smtpOptions says what the test SMTP server offers: STARTTLS (TLS set, Implicit false), TLS from
// the first byte (TLS set, Implicit true) or neither, and AUTH PLAIN required when User is set.
type smtpOptions struct {
	TLS        *tls.Config
	Implicit   bool
	User, Pass string
}

// smtpDelivery is what the server received for one message.
type smtpDelivery struct {
	from     string   // MAIL FROM's argument
	to       []string // RCPT TO's arguments
	raw      string   // the message, dot-unstuffed, with \n line ends
	overTLS  bool     // DATA came over TLS
	authUser string   // the user that authenticated, if any
}

// smtpServer is a small SMTP server on 127.0.0.1 that keeps each message it accepts.
type smtpServer struct {
	addr string
	opts smtpOptions
	msgs chan smtpDelivery
}

func startSMTP(t *testing.T, opts smtpOptions) *smtpServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if opts.Implicit {
		ln = tls.NewListener(ln, opts.TLS)
	}
	t.Cleanup(func() { ln.Close() })
	s := &smtpServer{addr: ln.Addr().String(), opts: opts, msgs: make(chan smtpDelivery, 10)}
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

func (s *smtpServer) serve(conn net.Conn) {
	defer func() { conn.Close() }()
	_, overTLS := conn.(*tls.Conn)
	tp := textproto.NewConn(conn)
	say := func(line string) { _ = tp.PrintfLine("%s", line) }
	say("220 prueba ESMTP")
	var got smtpDelivery
	for {
		line, err := tp.ReadLine()
		if err != nil {
			return
		}
		verb, arg, _ := strings.Cut(line, " ")
		switch strings.ToUpper(verb) {
		case "EHLO", "HELO":
			say("250-prueba")
			if s.opts.TLS != nil && !overTLS {
				say("250-STARTTLS")
			}
			if s.opts.User != "" {
				say("250-AUTH PLAIN")
			}
			say("250 8BITMIME")
		case "STARTTLS":
			say("220 adelante")
			tc := tls.Server(conn, s.opts.TLS)
			if tc.Handshake() != nil {
				return
			}
			conn, tp, overTLS = tc, textproto.NewConn(tc), true
		case "AUTH":
			mech, initial, _ := strings.Cut(arg, " ")
			creds, _ := base64.StdEncoding.DecodeString(initial)
			parts := strings.Split(string(creds), "\x00")
			if mech != "PLAIN" || len(parts) != 3 || parts[1] != s.opts.User || parts[2] != s.opts.Pass {
				say("535 5.7.8 credenciales incorrectas")
				continue
			}
			got.authUser = parts[1]
			say("235 2.7.0 adelante")
		case "MAIL":
			if s.opts.User != "" && got.authUser == "" {
				say("530 5.7.0 autentícate primero")
				continue
			}
			got.from = arg
			say("250 OK")
		case "RCPT":
			got.to = append(got.to, arg)
			say("250 OK")
		case "RSET", "NOOP":
			say("250 OK")
		case "DATA":
			say("354 fin con <CRLF>.<CRLF>")
			raw, err := io.ReadAll(tp.DotReader())
			if err != nil {
				return
			}
			got.raw, got.overTLS = string(raw), overTLS
			s.msgs <- got
			got.from, got.to = "", nil
			say("250 OK aceptado")
		case "QUIT":
			say("221 adiós")
			return
		default:
			say("502 no implementado")
		}
	}
}

// next returns the next message the server accepted, or fails after a while.
func (s *smtpServer) next(t *testing.T) smtpDelivery {
	t.Helper()
	select {
	case d := <-s.msgs:
		return d
	case <-time.After(10 * time.Second):
		t.Fatal("no e-mail reached the SMTP server")
		return smtpDelivery{}
	}
}

// testCert returns a server TLS configuration for 127.0.0.1 and the pool that trusts it.
func testCert(t *testing.T) (*tls.Config, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "prueba"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, IsCA: true, BasicConstraintsValid: true,
		KeyUsage:    x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}, MinVersion: tls.VersionTLS12}, pool
}

// receivedMail is a message as a mail client shows it.
type receivedMail struct {
	from, to, subject, text string
	files                   []Attachment
}

// readMail decodes a message the way a mail client would: headers, the text part and the
// attachments.
func readMail(t *testing.T, raw string) receivedMail {
	t.Helper()
	msg, err := mail.ReadMessage(strings.NewReader(raw))
	if err != nil {
		t.Fatalf("not a message: %v\n%s", err, raw)
	}
	var r receivedMail
	from, err1 := mail.ParseAddress(msg.Header.Get("From"))
	to, err2 := mail.ParseAddress(msg.Header.Get("To"))
	r.subject, err = new(mime.WordDecoder).DecodeHeader(msg.Header.Get("Subject"))
	if err1 != nil || err2 != nil || err != nil || msg.Header.Get("Date") == "" || msg.Header.Get("Message-Id") == "" {
		t.Fatalf("headers: %v %v %v\n%s", err1, err2, err, raw)
	}
	r.from, r.to = from.Address, to.Address
	mediaType, params, err := mime.ParseMediaType(msg.Header.Get("Content-Type"))
	if err != nil {
		t.Fatalf("content type: %v\n%s", err, raw)
	}
	if !strings.HasPrefix(mediaType, "multipart/") {
		r.text = readPart(t, mediaType, params, msg.Header.Get("Content-Transfer-Encoding"), msg.Body)
		return r
	}
	mr := multipart.NewReader(msg.Body, params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return r
		}
		if err != nil {
			t.Fatalf("parts: %v\n%s", err, raw)
		}
		pType, pParams, _ := mime.ParseMediaType(p.Header.Get("Content-Type"))
		body := readPart(t, pType, pParams, p.Header.Get("Content-Transfer-Encoding"), p)
		if name := p.FileName(); name != "" {
			r.files = append(r.files, Attachment{Name: name, ContentType: pType, Data: []byte(body)})
		} else {
			r.text = body
		}
	}
}

// readPart decodes one body; a text comes back with \n line ends.
func readPart(t *testing.T, mediaType string, params map[string]string, encoding string, body io.Reader) string {
	t.Helper()
	switch strings.ToLower(encoding) {
	case "quoted-printable":
		body = quotedprintable.NewReader(body)
	case "base64":
		body = base64.NewDecoder(base64.StdEncoding, body)
	}
	b, err := io.ReadAll(body)
	if err != nil {
		t.Fatal(err)
	}
	if strings.HasPrefix(mediaType, "text/") {
		if cs := params["charset"]; !strings.EqualFold(cs, "utf-8") {
			t.Fatalf("%s in charset %q", mediaType, cs)
		}
		return strings.ReplaceAll(string(b), "\r\n", "\n")
	}
	return string(b)
}
