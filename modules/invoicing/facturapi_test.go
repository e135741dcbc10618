package invoicing

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tienda/modules/invoicing/pacfake"
	"tienda/pkg/cfdi"
	"tienda/pkg/money"
)

const facturapiTestKey = "sk_test_fake"

func newFacturapiAgainstFake(t *testing.T) (*facturapi, *pacfake.Server) {
	t.Helper()
	fake := pacfake.New(facturapiTestKey)
	srv := httptest.NewServer(fake)
	t.Cleanup(srv.Close)
	return NewFacturapi(facturapiTestKey, srv.URL).(*facturapi), fake
}

// facturapiRequest is a factura for a persona física: two T-shirts with $10 off and a cap.
func facturapiRequest(key string, valorUnitario money.Cents) StampRequest {
	conceptos, _, _, _, _ := cfdi.Compute([]cfdi.Linea{
		{ClaveProdServ: "53102700", NoIdentificacion: "PL-001", Cantidad: 2, ClaveUnidad: "H87", Unidad: "Pieza",
			Descripcion: "Playera básica (M)", ValorUnitario: valorUnitario, Descuento: 1000},
		{ClaveProdServ: "53102500", NoIdentificacion: "GO-002", Cantidad: 1, ClaveUnidad: "H87", Unidad: "Pieza",
			Descripcion: "Gorra", ValorUnitario: 10000},
	})
	return StampRequest{
		Key:      key,
		Receptor: cfdi.Receptor{RFC: "XOJI740919U48", Nombre: "INGRID XODAR JIMENEZ", RegimenFiscal: "612", CodigoPostal: "88965", UsoCFDI: "G03"},
		Email:    "ingrid@example.com", FormaPago: cfdi.FormaTarjetaCredito, Conceptos: conceptos,
	}
}

func TestFacturapiStamp(t *testing.T) {
	f, fake := newFacturapiAgainstFake(t)
	req := facturapiRequest("6650f0c2a1b2c3d4e5f60718", 34560)
	_, _, _, _, wantTotal := cfdi.Compute(lineas(req.Conceptos))
	st, err := f.Stamp(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.UUID) != 36 || st.PACID == "" || st.Status != "valid" || st.CancellationStatus != "none" {
		t.Errorf("stamped = %+v", st)
	}
	// The PAC computes what cfdi.Compute did: 2 × 345.60 − 10 + 100, plus IVA = 906.19.
	if st.Total != wantTotal || st.Total != 90619 {
		t.Errorf("total %v, cfdi.Compute says %v (want $906.19)", st.Total, wantTotal)
	}
	if st.Folio != "1" || st.FechaTimbrado.IsZero() || !strings.Contains(st.VerificationURL, st.UUID) {
		t.Errorf("folio %q, fecha %v, url %q", st.Folio, st.FechaTimbrado, st.VerificationURL)
	}
	invs := fake.Invoices()
	if len(invs) != 1 || invs[0].ExternalID != req.Key || invs[0].IdempotencyKey != req.Key ||
		invs[0].Items[0].Product.SKU != "PL-001" || invs[0].Items[0].Discount != 10 || invs[0].PaymentForm != "04" {
		t.Errorf("the PAC got %+v", invs)
	}
}

func lineas(cs []cfdi.Concepto) []cfdi.Linea {
	out := make([]cfdi.Linea, len(cs))
	for i, c := range cs {
		out[i] = c.Linea
	}
	return out
}

func TestFacturapiGlobal(t *testing.T) {
	f, fake := newFacturapiAgainstFake(t)
	conceptos, _, _, _, total := cfdi.Compute([]cfdi.Linea{{ClaveProdServ: "01010101", NoIdentificacion: "V-0001",
		Cantidad: 1, ClaveUnidad: "ACT", Descripcion: "Venta", ValorUnitario: 86207}})
	st, err := f.Stamp(context.Background(), StampRequest{Key: "global-1",
		Receptor:  cfdi.Receptor{RFC: cfdi.RFCPublicoGeneral, Nombre: "PUBLICO EN GENERAL", RegimenFiscal: "616", CodigoPostal: "03100", UsoCFDI: "S01"},
		FormaPago: cfdi.FormaEfectivo, Global: &cfdi.InformacionGlobal{Periodicidad: cfdi.PeriodicidadMensual, Meses: "05", Anio: 2025},
		Conceptos: conceptos})
	if err != nil {
		t.Fatal(err)
	}
	if g := fake.Invoices()[0].Global; st.Total != total || g == nil || g.Periodicity != "month" || g.Months != "05" || g.Year != 2025 {
		t.Errorf("total %v (want %v), global %+v", st.Total, total, g)
	}
}

func TestFacturapiRefusal(t *testing.T) {
	f, fake := newFacturapiAgainstFake(t)
	req := facturapiRequest("bad-rfc", 34560)
	req.Receptor.CodigoPostal = "8896"
	_, err := f.Stamp(context.Background(), req)
	var pe *PACError
	if !errors.As(err, &pe) || errors.Is(err, ErrPACUnavailable) {
		t.Fatalf("err = %v, want a *PACError", err)
	}
	if pe.Status != 400 || pe.Path != "customer.address.zip" || !strings.Contains(pe.Message, "5 dígitos") || pe.Error() != pe.Message {
		t.Errorf("refusal = %+v", pe)
	}
	if len(fake.Invoices()) != 0 {
		t.Error("a refused request stamped a CFDI")
	}
	bad := NewFacturapi("sk_test_wrong", f.base)
	// A wrong key is the shop's setup, not a refusal of the data: it must not free any sale.
	if _, err := bad.Get(context.Background(), "x"); !errors.Is(err, ErrPACUnavailable) || errors.As(err, &pe) || !strings.Contains(err.Error(), "FACTURAPI_KEY") {
		t.Errorf("wrong key: %v", err)
	}
}

func TestFacturapiRetryAfterTimeoutStampsOnce(t *testing.T) {
	f, fake := newFacturapiAgainstFake(t)
	f.client.Timeout = 100 * time.Millisecond
	fake.SetDelay(400 * time.Millisecond) // the PAC stamps, then answers too late
	req := facturapiRequest("6650f0c2a1b2c3d4e5f60719", 34560)
	_, err := f.Stamp(context.Background(), req)
	if !errors.Is(err, ErrPACUnavailable) {
		t.Fatalf("first call: %v, want ErrPACUnavailable", err)
	}
	if n := len(fake.Invoices()); n != 1 {
		t.Fatalf("%d CFDIs after the timeout, want the one stamped", n)
	}
	fake.SetDelay(0)
	st, err := f.Stamp(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	invs := fake.Invoices()
	if len(invs) != 1 || st.UUID != invs[0].UUID || st.PACID != invs[0].ID {
		t.Errorf("retry gave %s; the PAC has %d CFDIs %+v", st.UUID, len(invs), invs)
	}
}

func TestFacturapiUnavailable(t *testing.T) {
	f, fake := newFacturapiAgainstFake(t)
	fake.FailNext(1)
	if _, err := f.Stamp(context.Background(), facturapiRequest("k-500", 34560)); !errors.Is(err, ErrPACUnavailable) {
		t.Errorf("500: %v", err)
	}
	down := NewFacturapi(facturapiTestKey, "http://127.0.0.1:1")
	if _, err := down.Get(context.Background(), "x"); !errors.Is(err, ErrPACUnavailable) {
		t.Errorf("no PAC: %v", err)
	}
	if len(fake.Invoices()) != 0 {
		t.Error("a failed call stamped a CFDI")
	}
}

func TestFacturapiCancel(t *testing.T) {
	f, fake := newFacturapiAgainstFake(t)
	ctx := context.Background()
	small, err := f.Stamp(ctx, facturapiRequest("small", 34560)) // $906.19: no acceptance needed
	if err != nil {
		t.Fatal(err)
	}
	big, err := f.Stamp(ctx, facturapiRequest("big", 69120)) // $1,707.98
	if err != nil {
		t.Fatal(err)
	}
	var pe *PACError
	if _, err := f.Cancel(ctx, small.PACID, "01", ""); !errors.As(err, &pe) || pe.Path != "substitution" {
		t.Errorf("01 without substitution: %v", err)
	}
	st, err := f.Cancel(ctx, small.PACID, "01", big.UUID)
	if err != nil || st.Status != "canceled" {
		t.Fatalf("immediate cancel: %+v %v", st, err)
	}
	st, err = f.Cancel(ctx, big.PACID, "02", "")
	if err != nil || st.Status != "valid" || st.CancellationStatus != "pending" {
		t.Fatalf("cancel over $1,000: %+v %v", st, err)
	}
	fake.AcceptCancellations()
	st, err = f.Get(ctx, big.PACID)
	if err != nil || st.Status != "canceled" || st.CancellationStatus != "accepted" {
		t.Errorf("after acceptance: %+v %v", st, err)
	}
}

func TestFacturapiDownload(t *testing.T) {
	f, _ := newFacturapiAgainstFake(t)
	ctx := context.Background()
	st, err := f.Stamp(ctx, facturapiRequest("dl", 34560))
	if err != nil {
		t.Fatal(err)
	}
	pdf, err := f.Download(ctx, st.PACID, "pdf")
	if err != nil || !bytes.HasPrefix(pdf, []byte("%PDF")) || !bytes.Contains(pdf, []byte(st.UUID)) {
		t.Errorf("pdf: %v %.20q", err, pdf)
	}
	raw, err := f.Download(ctx, st.PACID, "xml")
	var doc struct {
		XMLName xml.Name
		Total   string `xml:"Total,attr"`
	}
	if err != nil || xml.Unmarshal(raw, &doc) != nil || doc.XMLName.Local != "Comprobante" || doc.Total != "906.19" {
		t.Errorf("xml: %v %+v", err, doc)
	}
	var pe *PACError
	if _, err := f.Download(ctx, "nope", "pdf"); !errors.Is(err, ErrPACUnavailable) || errors.As(err, &pe) {
		t.Errorf("unknown invoice: %v", err)
	}
	if _, err := f.Download(ctx, st.PACID, "zip"); err == nil {
		t.Error("zip accepted")
	}
}
