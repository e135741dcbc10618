package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tienda/modules/invoicing/pacfake"
	"tienda/pkg/httpx/httpxtest"
	"tienda/pkg/mail/mailtest"
)

// A customer's factura says whether its e-mail was sent: only an SMTP server taking it is 'enviado';
// without SMTP_URL the e-mail is only logged, and the answer says 'no_enviado'.
func TestTheFacturaSaysWhetherItsEmailWasSent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name string
		smtp bool
		want string
	}{{"without SMTP", false, "no_enviado"}, {"with SMTP", true, "enviado"}} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			env := map[string]string{}
			var smtp *mailtest.Server
			if c.smtp {
				smtp = mailtest.Start(t)
				env["SMTP_URL"] = "smtp://" + smtp.Addr
			}
			s := newInvoicingShopEnv(t, env)
			v := s.paidSale(1, false, false, "Efectivo")
			rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/ventas/"+v.ID, map[string]string{"perfilId": s.profile("cliente@tienda.mx", fisica)})
			if rec.Code != http.StatusCreated {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
			f := decodeFactura(t, rec)
			if !strings.Contains(rec.Body.String(), `"correo":"`+c.want+`"`) {
				t.Fatalf("want correo %q: %s", c.want, rec.Body)
			}
			if c.smtp {
				// The order's own e-mails (order received, paid) go to the buyer's account; the
				// factura's to the profile's address.
				for n := 1; ; n++ {
					m := smtp.Wait(t, n)[n-1]
					if m.To == "edgar@instalaciones.mx" {
						if strings.Join(m.Attachments, ",") != "application/pdf,application/xml" {
							t.Fatalf("the factura's e-mail carries %v", m.Attachments)
						}
						break
					}
					if m.To != "cliente@tienda.mx" {
						t.Fatalf("mailed to %s", m.To)
					}
				}
				// Read again later, it still says so.
				if rec := s.call("cliente@tienda.mx", http.MethodGet, "/v1/facturas/"+f.ID, nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), `"correo":"enviado"`) {
					t.Fatalf("read again: %s", rec.Body)
				}
			}
		})
	}
}

// C.P. '00000' and any below 01000 are no Mexican postal code: the profile is refused with a
// Spanish message for the field; 01000 is fine.
func TestAProfileWithAPostalCodeBelow01000IsRefused(t *testing.T) {
	t.Parallel()
	s := newInvoicingShop(t)
	for _, cp := range []string{"00000", "00999"} {
		data := map[string]any{}
		for k, v := range fisica {
			data[k] = v
		}
		data["codigoPostal"] = cp
		rec := s.call("cliente@tienda.mx", http.MethodPost, "/v1/facturas/perfiles", data)
		if e := httpxtest.DecodeError(t, rec); rec.Code != 400 || e.Fields["codigoPostal"] != "Ese código postal no existe: los de México van del 01000 al 99999." {
			t.Fatalf("%s: %d %s", cp, rec.Code, rec.Body)
		}
	}
	data := map[string]any{}
	for k, v := range fisica {
		data[k] = v
	}
	data["codigoPostal"] = "01000"
	s.profile("cliente@tienda.mx", data)
}

// newInvoicingShopEnv is newInvoicingShop with more settings.
func newInvoicingShopEnv(t *testing.T, env map[string]string) *invoicingShop {
	t.Helper()
	pac := pacfake.New("sk_test_fake")
	srv := httptest.NewServer(pac)
	t.Cleanup(srv.Close)
	all := map[string]string{"DEMO_DATA": "true", "FACTURAPI_KEY": "sk_test_fake", "FACTURAPI_URL": srv.URL}
	for k, v := range env {
		all[k] = v
	}
	a := MustStart(t, t.TempDir(), all)
	t.Cleanup(func() { closeApp(t, a) })
	return &invoicingShop{shop: &shop{t: t, app: a, h: a.Handler(), toks: map[string]string{}}, pac: pac}
}
