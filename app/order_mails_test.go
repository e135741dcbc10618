package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/cartcheckout/mpfake"
	"tienda/modules/sales"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mail/mailtest"
	"tienda/pkg/mongox"
)

// mailShops starts n replicas of the shop on one store, with demo data, the fake MercadoPago and
// env (SMTP_URL, when given), each logging to log.
func mailShops(t *testing.T, n int, env map[string]string, log *syncBuffer) []*shop {
	t.Helper()
	store := mongox.TestDB(t)
	mp := mpfake.New("TEST-token")
	srv := httptest.NewServer(mp)
	t.Cleanup(srv.Close)
	all := map[string]string{"DEMO_DATA": "true", "MP_ACCESS_TOKEN": "TEST-token", "MP_API_URL": srv.URL,
		"MP_WEBHOOK_SECRET": webhookSecret, "PUBLIC_URL": "https://tienda.example.mx", "MAIL_FROM": "pedidos@tienda.mx",
		"JWT_SECRET": "order-mails-secret-0123456789abcdef"}
	for k, v := range env {
		all[k] = v
	}
	dir := t.TempDir()
	logger := zerolog.Nop()
	if log != nil {
		logger = zerolog.New(log)
	}
	var shops []*shop
	for range n {
		a, err := NewOnStore(context.Background(), testConfig(t, dir, all), logger, testWeb, store)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { closeApp(t, a) })
		shops = append(shops, &shop{t: t, app: a, h: a.Handler(), mp: mp, toks: map[string]string{}})
	}
	return shops
}

// sendRace runs the e-mail senders of every replica at once, twice each.
func sendRace(t *testing.T, shops ...*shop) {
	t.Helper()
	var wg sync.WaitGroup
	for _, s := range shops {
		for range 2 {
			wg.Go(func() {
				if err := s.app.sales.Service().SendMails(context.Background()); err != nil {
					t.Error(err)
				}
			})
		}
	}
	wg.Wait()
}

// outbox is a sale's order e-mails as stored.
func (s *shop) outbox(id string) []sales.Correo {
	s.t.Helper()
	oid, _ := bson.ObjectIDFromHex(id)
	v, err := s.app.sales.Service().Get(context.Background(), oid)
	if err != nil {
		s.t.Fatal(err)
	}
	return v.Correos
}

// settled is a sale's outbox once no sender holds an entry (a pass of the background loop may be
// recording one).
func (s *shop) settled(id string) []sales.Correo {
	s.t.Helper()
	for range 500 {
		box := s.outbox(id)
		if !slices.ContainsFunc(box, func(c sales.Correo) bool { return c.Estado == sales.CorreoEnviando }) {
			return box
		}
		time.Sleep(20 * time.Millisecond)
	}
	s.t.Fatal("an order e-mail stays claimed")
	return nil
}

// counterOrder places a 'Pagar en caja' order of one unit of p as who.
func (s *shop) counterOrder(who string, p product) sale {
	s.t.Helper()
	rec := s.call(who, http.MethodPost, "/v1/ventas", map[string]any{"cliente": "Claudia", "carrito": []any{cartLine(p, 1, false)}})
	if rec.Code != http.StatusCreated {
		s.t.Fatalf("order: %d %s", rec.Code, rec.Body)
	}
	return decodeSale(s.t, rec)
}

func mustContain(t *testing.T, what, got string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, got)
		}
	}
}

// Each order e-mail, through the router, the store and an SMTP server: two replicas race to send
// each one and the customer gets it once, in Spanish, as text and as escaped HTML, with the shop's
// contact data and the link to 'Mis compras'.
func TestOrderEmailsAreSentOnceEach(t *testing.T) {
	t.Parallel()
	smtp := mailtest.Start(t)
	shops := mailShops(t, 2, map[string]string{"SMTP_URL": "smtp://" + smtp.Addr}, nil)
	a, b := shops[0], shops[1]
	p := a.pick(false)
	v := a.counterOrder("cliente@tienda.mx", p)
	sendRace(t, a, b)
	got := smtp.Wait(t, 1)
	m := got[0]
	if m.To != "cliente@tienda.mx" || m.From != "pedidos@tienda.mx" || m.Subject != "Recibimos tu pedido "+v.Folio+" · Tienda de Seguridad y Redes" {
		t.Fatalf("received: %+v", m)
	}
	common := []string{"Av. Insurgentes Sur 1234", "55 1234 5678", "https://tienda.example.mx/usuarios/compras"}
	mustContain(t, "text", m.Text, append([]string{"Hola Claudia:", "Paga en caja", "Folio: " + v.Folio, p.Nombre, "(IVA incluido)"}, common...)...)
	mustContain(t, "html", m.HTML, append([]string{`<html lang="es-MX">`, "Paga en caja", `href="https://tienda.example.mx/usuarios/compras"`}, common...)...)

	// Shipped, with a carrier whose name needs escaping in HTML and a guide it can track.
	ship := map[string]any{"entrega": "Enviado", "envio": map[string]any{"status": "Enviado", "empresa": "DHL <Express>", "guia": "JD0123", "costoEnvio": 0, "cobrarEnvio": false}}
	if rec := a.call("admin@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, ship); rec.Code != http.StatusOK {
		t.Fatalf("ship: %d %s", rec.Code, rec.Body)
	}
	if rec := b.call("admin@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, map[string]any{"observaciones": "Sale hoy", "envio": ship["envio"]}); rec.Code != http.StatusOK {
		t.Fatalf("edit: %d %s", rec.Code, rec.Body)
	}
	sendRace(t, a, b)
	m = smtp.Wait(t, 2)[1]
	track := "https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=JD0123"
	if m.Subject != "Tu pedido "+v.Folio+" va en camino · Tienda de Seguridad y Redes" {
		t.Fatalf("shipped: %q", m.Subject)
	}
	mustContain(t, "text", m.Text, "Paquetería: DHL <Express>", "Guía de rastreo: JD0123", "Rastrea tu envío: "+track)
	mustContain(t, "html", m.HTML, "DHL &lt;Express&gt;", `href="`+track+`"`)
	if strings.Contains(m.HTML, "<Express>") {
		t.Errorf("the carrier's name went into the HTML unescaped:\n%s", m.HTML)
	}

	// Delivered; then paid and partly returned.
	if rec := b.call("admin@tienda.mx", http.MethodPatch, "/v1/ventas/"+v.ID, `{"entrega":"Entregado","pago":"Pagado","metodoPago":"Efectivo"}`); rec.Code != http.StatusOK {
		t.Fatalf("deliver: %d %s", rec.Code, rec.Body)
	}
	sendRace(t, a, b)
	mustContain(t, "delivered", smtp.Wait(t, 3)[2].Subject, "Tu pedido "+v.Folio+" fue entregado")
	rec := a.call("cajero@tienda.mx", http.MethodPost, "/v1/ventas/"+v.ID+"/devoluciones", map[string]any{
		"lineas": []any{map[string]any{"idOrden": p.Variantes[0].ID, "indice": 0, "cantidad": 1}}, "metodo": "Tarjeta", "motivo": "Llegó dañado"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("return: %d %s", rec.Code, rec.Body)
	}
	sendRace(t, a, b)
	m = smtp.Wait(t, 4)[3]
	mustContain(t, "refund", m.Subject, "Registramos tu devolución del pedido "+v.Folio)
	mustContain(t, "refund text", m.Text, "Reembolso en: Tarjeta", "Motivo: Llegó dañado", "Reembolso (IVA incluido): $")

	sendRace(t, a, b) // nothing left: no e-mail twice
	if n := len(smtp.Mails()); n != 4 {
		for _, m := range smtp.Mails() {
			t.Log(m.Subject)
		}
		t.Fatalf("%d e-mails for 4 events: %+v", n, a.outbox(v.ID))
	}
	box := a.settled(v.ID)
	if len(box) != 4 {
		t.Fatalf("outbox: %+v", box)
	}
	for _, c := range box {
		if c.Estado != sales.CorreoEnviado || c.Intentos != 1 || c.EnviadoEn == nil {
			t.Errorf("entry %+v", c)
		}
	}
	if rec := a.call("cliente@tienda.mx", http.MethodGet, "/v1/ventas/"+v.ID, nil); strings.Contains(rec.Body.String(), "correo") {
		t.Errorf("a screen sees the outbox: %s", rec.Body)
	}
	n, err := a.app.store.R.Collection("ventas").CountDocuments(context.Background(), bson.M{"correosPendientes": true})
	if err != nil || n != 0 {
		t.Errorf("sales still flagged with e-mails to send: %d %v", n, err)
	}
}

// An online order's e-mail says its payment was received.
func TestOnlinePaymentEmail(t *testing.T) {
	t.Parallel()
	smtp := mailtest.Start(t)
	s := mailShops(t, 1, map[string]string{"SMTP_URL": "smtp://" + smtp.Addr}, nil)[0]
	p := s.pick(false)
	ref, charge := s.order(p, 1)
	pid := s.mp.Pay(ref, "approved", charge)
	if rec := s.confirm(pid, map[string]string{"external_reference": ref}); rec.Code != http.StatusOK {
		t.Fatalf("confirm: %d %s", rec.Code, rec.Body)
	}
	sendRace(t, s)
	m := smtp.Wait(t, 1)[0]
	mustContain(t, "subject", m.Subject, "Recibimos tu pago del pedido ")
	mustContain(t, "text", m.Text, "¡Pago recibido!", "Mercado Pago", "Total pagado (IVA incluido): $")
}

// A failed send is tried again by the next pass, and sent once; one that keeps failing is given up
// after its last attempt, without a message.
func TestOrderEmailIsRetriedAndGivenUp(t *testing.T) {
	t.Parallel()
	smtp := mailtest.Start(t)
	s := mailShops(t, 1, map[string]string{"SMTP_URL": "smtp://" + smtp.Addr}, nil)[0]
	p := s.pick(false)
	smtp.RefuseNext(1)
	v := s.counterOrder("cliente@tienda.mx", p)
	for range 3 {
		sendRace(t, s)
	}
	smtp.Wait(t, 1)
	if box := s.settled(v.ID); len(box) != 1 || box[0].Estado != sales.CorreoEnviado || box[0].Intentos != 2 || box[0].Error == "" {
		t.Fatalf("after a failure and a retry: %+v", box)
	}

	smtp.RefuseNext(1000)
	w := s.counterOrder("cliente@tienda.mx", p)
	for range 40 {
		sendRace(t, s)
	}
	if box := s.outbox(w.ID); len(box) != 1 || box[0].Estado != sales.CorreoFallido || box[0].Intentos != 6 {
		t.Fatalf("after every attempt failed: %+v", box)
	}
	if n := len(smtp.Mails()); n != 1 {
		t.Fatalf("%d e-mails", n)
	}
}

// A customer who turned order e-mails off gets none, and nor does a counter order staff placed
// without a customer's account.
func TestOrderEmailsOffAndStaffOrders(t *testing.T) {
	t.Parallel()
	smtp := mailtest.Start(t)
	s := mailShops(t, 1, map[string]string{"SMTP_URL": "smtp://" + smtp.Addr}, nil)[0]
	p := s.pick(false)
	if rec := s.call("cliente@tienda.mx", http.MethodPatch, "/v1/usuarios/perfil/correos", `{}`); rec.Code != http.StatusBadRequest ||
		httpxtest.DecodeError(t, rec).Fields["sinCorreosPedidos"] != "Indica si quieres recibir los correos de tus pedidos." {
		t.Fatalf("no value: %d %s", rec.Code, rec.Body)
	}
	rec := s.call("cliente@tienda.mx", http.MethodPatch, "/v1/usuarios/perfil/correos", `{"sinCorreosPedidos":true}`)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"sinCorreosPedidos":true`) {
		t.Fatalf("off: %d %s", rec.Code, rec.Body)
	}
	off := s.counterOrder("cliente@tienda.mx", p)
	staff := s.counterOrder("cajero@tienda.mx", p)
	sendRace(t, s)
	for _, id := range []string{off.ID, staff.ID} {
		if box := s.outbox(id); len(box) != 1 || box[0].Estado != sales.CorreoOmitido {
			t.Errorf("outbox of %s: %+v", id, box)
		}
	}
	if rec := s.call("cliente@tienda.mx", http.MethodPatch, "/v1/usuarios/perfil/correos", `{"sinCorreosPedidos":false}`); rec.Code != http.StatusOK {
		t.Fatalf("on: %d %s", rec.Code, rec.Body)
	}
	on := s.counterOrder("cliente@tienda.mx", p)
	sendRace(t, s)
	if got := smtp.Wait(t, 1); len(got) != 1 || !strings.Contains(got[0].Subject, on.Folio) {
		t.Fatalf("e-mails: %+v", got)
	}
}

// Without SMTP an order e-mail is written to the log, once, and stays pending in the outbox.
func TestOrderEmailWithoutSMTPIsLoggedAndKept(t *testing.T) {
	t.Parallel()
	var log syncBuffer
	s := mailShops(t, 1, nil, &log)[0]
	v := s.counterOrder("cliente@tienda.mx", s.pick(false))
	sendRace(t, s)
	sendRace(t, s)
	if box := s.outbox(v.ID); len(box) != 1 || box[0].Estado != sales.CorreoPendiente || box[0].Intentos != 0 {
		t.Fatalf("outbox: %+v", box)
	}
	out := log.String()
	if n := strings.Count(out, "Recibimos tu pedido "+v.Folio); n != 1 || !strings.Contains(out, "no SMTP_URL set") || !strings.Contains(out, "cliente@tienda.mx") {
		t.Fatalf("logged %d times:\n%s", n, out)
	}
}

// A claim left by a replica that died mid-send is taken over, once this replica has seen it
// unchanged for several of its passes (no clock of the other replica decides it), and sent.
func TestAnAbandonedClaimIsTakenOver(t *testing.T) {
	t.Parallel()
	smtp := mailtest.Start(t)
	s := mailShops(t, 1, map[string]string{"SMTP_URL": "smtp://" + smtp.Addr}, nil)[0]
	v := s.counterOrder("cliente@tienda.mx", s.pick(false))
	smtp.Wait(t, 1)
	s.settled(v.ID)
	oid, _ := bson.ObjectIDFromHex(v.ID)
	// As a replica leaves it when it dies after its claim: sending, its owner, one attempt.
	if _, err := s.app.store.W.Collection("ventas").UpdateOne(context.Background(), bson.M{"_id": oid}, bson.M{"$set": bson.M{
		"correos.0.estado": sales.CorreoEnviando, "correos.0.dueno": "replica-caida", "correos.0.intentos": 1, "correosPendientes": true,
	}}); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		sendRace(t, s) // two passes each: 6 of the 8 it waits
	}
	if n := len(smtp.Mails()); n != 1 {
		t.Fatalf("a fresh claim was taken over: %d e-mails", n)
	}
	for range 5 {
		sendRace(t, s)
	}
	smtp.Wait(t, 2)
	if box := s.settled(v.ID); box[0].Estado != sales.CorreoEnviado || box[0].Intentos != 2 || box[0].Dueno == "replica-caida" {
		t.Fatalf("after the takeover: %+v", box)
	}
}

// The pass an order asks for reads that order's sale only, not every sale with an e-mail pending
// (without SMTP every order a customer ever placed, which made each counter order cost as much as
// all of them): a pending entry of another sale waits for the periodic pass, which sends it.
func TestAnOrdersMailPassReadsOnlyItsSale(t *testing.T) {
	t.Parallel()
	smtp := mailtest.Start(t)
	s := mailShops(t, 1, map[string]string{"SMTP_URL": "smtp://" + smtp.Addr}, nil)[0]
	p := s.pick(false)
	first := s.counterOrder("cliente@tienda.mx", p)
	smtp.Wait(t, 1)
	s.settled(first.ID)
	oid, _ := bson.ObjectIDFromHex(first.ID)
	// As another replica's event leaves it before that replica's pass: pending, never claimed.
	if _, err := s.app.store.W.Collection("ventas").UpdateOne(context.Background(), bson.M{"_id": oid}, bson.M{"$set": bson.M{
		"correos.0.estado": sales.CorreoPendiente, "correos.0.dueno": "", "correos.0.intentos": 0, "correosPendientes": true,
	}}); err != nil {
		t.Fatal(err)
	}
	second := s.counterOrder("cliente@tienda.mx", p)
	if got := smtp.Wait(t, 2); !strings.Contains(got[1].Subject, second.Folio) {
		t.Fatalf("the second order's pass sent %q", got[1].Subject)
	}
	s.settled(second.ID)
	time.Sleep(300 * time.Millisecond)
	if n := len(smtp.Mails()); n != 2 {
		t.Fatalf("the second order's pass sent the first order's e-mail again: %d e-mails", n)
	}
	if err := s.app.sales.Service().SendMails(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := smtp.Wait(t, 3); !strings.Contains(got[2].Subject, first.Folio) {
		t.Fatalf("the periodic pass sent %q", got[2].Subject)
	}
}
