package mail

import (
	"bytes"
	"context"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/rs/zerolog"
)

func TestSMTPMailerSendsTextAndAttachments(t *testing.T) {
	t.Parallel()
	srv := startSMTP(t, smtpOptions{})
	mailer, err := New("smtp://"+srv.addr, "tienda@tienda.mx", zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	pdf := append([]byte("%PDF-1.7\n"), bytes.Repeat([]byte{0, 0xff, '\r', '\n', '.'}, 300)...)
	xml := []byte(`<?xml version="1.0" encoding="UTF-8"?><cfdi:Comprobante Total="199.00"/>`)
	sent := Message{
		To: "cliente@tienda.mx", Subject: "Tu factura A-123 (compra del miércoles)",
		Text: "Hola Claudia:\n\nAdjuntamos tu factura en PDF y XML.\n.\nGracias por tu compra, ¡vuelve pronto!\n",
		Attachments: []Attachment{
			{Name: "factura-A123.pdf", ContentType: "application/pdf", Data: pdf},
			{Name: "factura-A123.xml", ContentType: "application/xml", Data: xml},
		},
	}
	if !Delivers(mailer) {
		t.Fatal("an SMTP mailer does not say it delivers")
	}
	if err := mailer.Send(t.Context(), sent); err != nil {
		t.Fatal(err)
	}
	d := srv.next(t)
	if !strings.Contains(d.from, "<tienda@tienda.mx>") || len(d.to) != 1 || !strings.Contains(d.to[0], "<cliente@tienda.mx>") || d.overTLS {
		t.Fatalf("envelope: %+v", d)
	}
	got := readMail(t, d.raw)
	if got.from != "tienda@tienda.mx" || got.to != sent.To || got.subject != sent.Subject || got.text != sent.Text {
		t.Fatalf("got %q %q %q %q\n%s", got.from, got.to, got.subject, got.text, d.raw)
	}
	if !strings.Contains(d.raw, "@tienda.mx>") {
		t.Errorf("Message-ID not of the sender's domain:\n%s", d.raw)
	}
	if len(got.files) != 2 {
		t.Fatalf("attachments: %+v", got.files)
	}
	for i, want := range sent.Attachments {
		if f := got.files[i]; f.Name != want.Name || f.ContentType != want.ContentType || !bytes.Equal(f.Data, want.Data) {
			t.Errorf("attachment %d: %s %s %d bytes, want %s %s %d bytes", i, f.Name, f.ContentType, len(f.Data), want.Name, want.ContentType, len(want.Data))
		}
	}
}

func TestSMTPMailerUsesTLSAndSignsIn(t *testing.T) {
	t.Parallel()
	cfg, roots := testCert(t)
	for _, tt := range []struct {
		name, scheme string
		implicit     bool
	}{
		{"STARTTLS offered on smtp://", "smtp", false},
		{"TLS from the start on smtps://", "smtps", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv := startSMTP(t, smtpOptions{TLS: cfg, Implicit: tt.implicit, User: "tienda", Pass: "clave secreta"})
			mailer, err := newSender(tt.scheme+"://tienda:clave%20secreta@"+srv.addr, "tienda@tienda.mx", zerolog.Nop(), roots, smtpTimeout)
			if err != nil {
				t.Fatal(err)
			}
			if err := mailer.Send(t.Context(), Message{To: "cajero@tienda.mx", Subject: "Prueba", Text: "Hola.\n"}); err != nil {
				t.Fatal(err)
			}
			if d := srv.next(t); !d.overTLS || d.authUser != "tienda" || readMail(t, d.raw).text != "Hola.\n" {
				t.Fatalf("%+v", d)
			}
		})
	}
}

func TestSMTPMailerChecksTheServerCertificate(t *testing.T) {
	t.Parallel()
	cfg, _ := testCert(t)
	srv := startSMTP(t, smtpOptions{TLS: cfg})
	mailer, err := New("smtp://"+srv.addr, "tienda@tienda.mx", zerolog.Nop())
	if err != nil {
		t.Fatal(err)
	}
	err = mailer.Send(t.Context(), Message{To: "cajero@tienda.mx", Subject: "Prueba", Text: "Hola.\n"})
	if err == nil || !strings.Contains(err.Error(), "certificate") {
		t.Fatalf("a certificate nobody vouches for was accepted: %v", err)
	}
	select {
	case d := <-srv.msgs:
		t.Fatalf("the message went out anyway: %+v", d)
	default:
	}
}

func TestSMTPMailerGivesUpOnASilentServer(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	conns := make(chan net.Conn, 1)
	t.Cleanup(func() {
		ln.Close()
		if c := <-conns; c != nil {
			c.Close()
		}
	})
	go func() { // accepts one connection and never says a word
		conn, _ := ln.Accept()
		conns <- conn
	}()
	const timeout = 400 * time.Millisecond // smtpTimeout in the shop
	mailer, err := newSender("smtp://"+ln.Addr().String(), "tienda@tienda.mx", zerolog.Nop(), nil, timeout)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err = mailer.Send(t.Context(), Message{To: "cajero@tienda.mx", Subject: "Prueba", Text: "Hola.\n"})
	if took := time.Since(start); err == nil || took < timeout || took > timeout+10*time.Second {
		t.Fatalf("after %s: %v", took, err)
	}
}

func TestLogMailerWritesTheMessageToTheLog(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	mailer, err := New("", "tienda@tienda.mx", zerolog.New(&buf))
	if err != nil {
		t.Fatal(err)
	}
	if Delivers(mailer) {
		t.Fatal("the log mailer says it delivers")
	}
	err = mailer.Send(context.Background(), Message{To: "cajero@tienda.mx", Subject: "Código", Text: "Tu código es: 123456",
		Attachments: []Attachment{{Name: "factura.pdf", Data: []byte("%PDF")}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"to":"cajero@tienda.mx"`, `"subject":"Código"`, `"body":"Tu código es: 123456"`, `"attachments":["factura.pdf"]`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("log lacks %s: %s", want, buf.String())
		}
	}
}

func TestNewRejectsABadURL(t *testing.T) {
	t.Parallel()
	for _, u := range []string{"http://x", "smtp://", "::", "smtp://mail.example.mx:99999"} {
		if _, err := New(u, "a@b.mx", zerolog.Nop()); err == nil {
			t.Errorf("%q accepted", u)
		}
	}
}
