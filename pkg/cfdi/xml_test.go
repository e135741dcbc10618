package cfdi

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"tienda/pkg/cfdi/cfditest"
)

type node struct {
	name  xml.Name
	attrs []xml.Attr
}

func (n node) attr(local string) (string, bool) {
	for _, a := range n.attrs {
		if a.Name.Local == local && a.Name.Space != "xmlns" && a.Name.Space != NamespaceXSI {
			return a.Value, true
		}
	}
	return "", false
}

// sequence decodes the XML into its elements, in document order.
func sequence(t *testing.T, doc []byte) []node {
	t.Helper()
	var nodes []node
	d := xml.NewDecoder(bytes.NewReader(doc))
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nodes
		}
		if err != nil {
			t.Fatalf("the XML does not decode: %v\n%s", err, doc)
		}
		if se, ok := tok.(xml.StartElement); ok {
			nodes = append(nodes, node{se.Name, se.Attr})
		}
	}
}

func sampleComprobante() Comprobante {
	conceptos, sub, desc, iva, total := Compute([]Linea{
		{ClaveProdServ: "53102000", NoIdentificacion: "PL-01", Cantidad: 3, ClaveUnidad: "H87", Unidad: "Pieza",
			Descripcion: `Playera "Rayas" <M> & más`, ValorUnitario: 19900, Descuento: 8955},
		{ClaveProdServ: "01010101", Cantidad: 1, ClaveUnidad: "H87", Descripcion: "Llavero", ValorUnitario: 1097},
	})
	return Comprobante{
		Serie: "F", Folio: "123", Fecha: time.Date(2026, 3, 15, 2, 30, 0, 0, time.UTC),
		FormaPago: FormaTarjetaCredito, MetodoPago: "PUE", LugarExpedicion: "03100",
		Emisor:    Emisor{RFC: "EKU9003173C9", Nombre: "ESCUELA KEMPER URGATE", RegimenFiscal: "601"},
		Receptor:  Receptor{RFC: "MAB9307148T4", Nombre: "MATERIALES & ACABADOS", RegimenFiscal: "601", CodigoPostal: "06600", UsoCFDI: "G01"},
		Conceptos: conceptos, SubTotal: sub, Descuento: desc, IVA: iva, Total: total,
	}
}

func TestXMLStructure(t *testing.T) {
	t.Parallel()
	c := sampleComprobante()
	c.Global = &InformacionGlobal{Periodicidad: PeriodicidadMensual, Meses: "03", Anio: 2026}
	timbre := &Timbre{UUID: "6F1C9C0E-1B2A-4C3D-8E4F-5A6B7C8D9E0F", FechaTimbrado: time.Date(2026, 3, 15, 2, 31, 5, 0, time.UTC),
		RfcProvCertif: "SPR190613I52", SelloCFD: "c2VsbG8=", NoCertificadoSAT: "30001000000500003456", SelloSAT: "c2F0", NoCertificado: "30001000000500003416"}
	doc, err := c.XML(timbre)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(doc, []byte(`<?xml version="1.0" encoding="UTF-8"?>`)) {
		t.Errorf("no XML declaration: %.60s", doc)
	}
	nodes := sequence(t, doc)
	var names []string
	for _, n := range nodes {
		prefix := map[string]string{NamespaceCFDI: "cfdi:", NamespaceTFD: "tfd:"}[n.name.Space]
		if prefix == "" {
			t.Fatalf("element %s outside the SAT's namespaces", n.name.Local)
		}
		names = append(names, prefix+n.name.Local)
	}
	impuestos := []string{"cfdi:Impuestos", "cfdi:Traslados", "cfdi:Traslado"}
	want := []string{"cfdi:Comprobante", "cfdi:InformacionGlobal", "cfdi:Emisor", "cfdi:Receptor", "cfdi:Conceptos", "cfdi:Concepto"}
	want = append(append(append(want, impuestos...), "cfdi:Concepto"), impuestos...)
	want = append(append(want, impuestos...), "cfdi:Complemento", "tfd:TimbreFiscalDigital")
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("elements:\n%v\nwant\n%v", names, want)
	}
	root := nodes[0]
	checkAttrOrder(t, root, []string{"Version", "Serie", "Folio", "Fecha", "Sello", "FormaPago", "NoCertificado", "Certificado",
		"SubTotal", "Descuento", "Moneda", "Total", "TipoDeComprobante", "Exportacion", "MetodoPago", "LugarExpedicion"})
	checkSchemaLocation(t, root, NamespaceCFDI+" http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd")
	expect(t, root, map[string]string{"Version": "4.0", "Fecha": "2026-03-14T20:30:00", "Sello": "c2VsbG8=",
		"NoCertificado": "30001000000500003416", "SubTotal": "607.97", "Descuento": "89.55", "Moneda": "MXN",
		"Total": "601.37", "TipoDeComprobante": "I", "Exportacion": "01", "FormaPago": "04", "LugarExpedicion": "03100"})
	expect(t, nodes[1], map[string]string{"Periodicidad": "04", "Meses": "03", "Año": "2026"})
	expect(t, nodes[3], map[string]string{"Rfc": "MAB9307148T4", "Nombre": "MATERIALES & ACABADOS",
		"DomicilioFiscalReceptor": "06600", "RegimenFiscalReceptor": "601", "UsoCFDI": "G01"})
	checkAttrOrder(t, nodes[3], []string{"Rfc", "Nombre", "DomicilioFiscalReceptor", "RegimenFiscalReceptor", "UsoCFDI"})
	checkAttrOrder(t, nodes[5], []string{"ClaveProdServ", "NoIdentificacion", "Cantidad", "ClaveUnidad", "Unidad",
		"Descripcion", "ValorUnitario", "Importe", "Descuento", "ObjetoImp"})
	expect(t, nodes[5], map[string]string{"Cantidad": "3", "Descripcion": `Playera "Rayas" <M> & más`,
		"ValorUnitario": "199.00", "Importe": "597.00", "Descuento": "89.55", "ObjetoImp": "02"})
	expect(t, nodes[8], map[string]string{"Base": "507.45", "Impuesto": "002", "TipoFactor": "Tasa", "TasaOCuota": "0.160000", "Importe": "81.19"})
	checkAttrOrder(t, nodes[9], []string{"ClaveProdServ", "Cantidad", "ClaveUnidad", "Descripcion", "ValorUnitario", "Importe", "ObjetoImp"})
	expect(t, nodes[13], map[string]string{"TotalImpuestosTrasladados": "82.95"})
	expect(t, nodes[15], map[string]string{"Base": "518.42", "TasaOCuota": "0.160000", "Importe": "82.95"})
	tfd := nodes[len(nodes)-1]
	checkAttrOrder(t, tfd, []string{"Version", "UUID", "FechaTimbrado", "RfcProvCertif", "SelloCFD", "NoCertificadoSAT", "SelloSAT"})
	expect(t, tfd, map[string]string{"Version": "1.1", "FechaTimbrado": "2026-03-14T20:31:05", "UUID": timbre.UUID})
	checkDecimals(t, nodes)
}

func TestXMLWithoutTimbreNorDiscount(t *testing.T) {
	t.Parallel()
	c := sampleComprobante()
	c.Serie, c.Folio = "", ""
	c.Conceptos = c.Conceptos[1:]
	c.SubTotal, c.Descuento, c.IVA, c.Total = 1097, 0, 176, 1273
	doc, err := c.XML(nil)
	if err != nil {
		t.Fatal(err)
	}
	nodes := sequence(t, doc)
	root := nodes[0]
	for _, absent := range []string{"Descuento", "Serie", "Folio"} {
		if _, ok := root.attr(absent); ok {
			t.Errorf("%s written though empty", absent)
		}
	}
	expect(t, root, map[string]string{"Sello": "", "NoCertificado": "", "Certificado": "", "Total": "12.73"})
	for _, n := range nodes {
		if n.name.Local == "Complemento" || n.name.Local == "InformacionGlobal" {
			t.Errorf("%s written without its data", n.name.Local)
		}
	}
	if strings.Contains(string(doc), "TimbreFiscalDigital") {
		t.Error("a timbre without a Timbre")
	}
	if _, err := (Comprobante{}).XML(nil); err == nil {
		t.Error("a comprobante without conceptos rendered")
	}
}

func checkAttrOrder(t *testing.T, n node, want []string) {
	t.Helper()
	var got []string
	for _, a := range n.attrs {
		if a.Name.Space == "" && a.Name.Local != "xmlns" {
			got = append(got, a.Name.Local)
		}
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s attributes:\n%v\nwant\n%v", n.name.Local, got, want)
	}
}

func checkSchemaLocation(t *testing.T, n node, want string) {
	t.Helper()
	for _, a := range n.attrs {
		if a.Name.Space == NamespaceXSI && a.Name.Local == "schemaLocation" {
			if a.Value != want {
				t.Errorf("schemaLocation = %q", a.Value)
			}
			return
		}
	}
	t.Error("no xsi:schemaLocation")
}

func expect(t *testing.T, n node, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got, ok := n.attr(k); !ok || got != v {
			t.Errorf("%s@%s = %q (present %v), want %q", n.name.Local, k, got, ok, v)
		}
	}
}

// Every amount has two decimals.
func checkDecimals(t *testing.T, nodes []node) {
	t.Helper()
	amount := regexp.MustCompile(`^[0-9]+\.[0-9]{2}$`)
	names := map[string]bool{"SubTotal": true, "Descuento": true, "Total": true, "ValorUnitario": true,
		"Importe": true, "Base": true, "TotalImpuestosTrasladados": true}
	for _, n := range nodes {
		for _, a := range n.attrs {
			if names[a.Name.Local] && !amount.MatchString(a.Value) {
				t.Errorf("%s@%s = %q: not an amount with 2 decimals", n.name.Local, a.Name.Local, a.Value)
			}
		}
	}
}

// A CFDI that replaces another carries CfdiRelacionados (TipoRelacion 04) right after
// InformacionGlobal's place and before Emisor, as Anexo 20 orders them.
func TestXMLOfASubstitute(t *testing.T) {
	t.Parallel()
	c := sampleComprobante()
	c.Sustituye = "6F1C9C0E-1B2A-4C3D-8E4F-5A6B7C8D9E0F"
	doc, err := c.XML(nil)
	if err != nil {
		t.Fatal(err)
	}
	nodes := sequence(t, doc)
	if len(nodes) < 4 || nodes[1].name.Local != "CfdiRelacionados" || nodes[2].name.Local != "CfdiRelacionado" || nodes[3].name.Local != "Emisor" {
		t.Fatalf("order: %v", nodes[:4])
	}
	expect(t, nodes[1], map[string]string{"TipoRelacion": "04"})
	expect(t, nodes[2], map[string]string{"UUID": c.Sustituye})
}

// Every comprobante the tests above render is one the SAT's schema and Anexo 20's arithmetic
// accept once stamped (an unsealed one has no NoCertificado, which the schema requires): an
// individual one with a discount, a global, a substitute, a '|' cleaned from a name.
func timbre() *Timbre {
	return &Timbre{UUID: "6F1C9C0E-1B2A-4C3D-8E4F-5A6B7C8D9E0F", FechaTimbrado: time.Date(2026, 3, 15, 2, 31, 5, 0, time.UTC),
		RfcProvCertif: "SPR190613I52", SelloCFD: "c2VsbG8=", NoCertificadoSAT: "30001000000500003456", SelloSAT: "c2F0", NoCertificado: "30001000000500003416"}
}

func TestXMLValidatesAgainstTheSATSchema(t *testing.T) {
	t.Parallel()
	timbre := timbre()
	global := sampleComprobante()
	global.Global = &InformacionGlobal{Periodicidad: PeriodicidadMensual, Meses: "03", Anio: 2026}
	substitute := sampleComprobante()
	substitute.Sustituye = timbre.UUID
	piped := sampleComprobante()
	piped.Conceptos[1].Descripcion = Texto("Cable | UTP\tcat 6\n", 1000)
	for name, tc := range map[string]struct {
		c Comprobante
		t *Timbre
	}{"stamped": {sampleComprobante(), timbre}, "global": {global, timbre},
		"substitute": {substitute, timbre}, "a name with '|'": {piped, timbre}} {
		doc, err := tc.c.XML(tc.t)
		if err != nil {
			t.Fatal(name, err)
		}
		cfditest.Valid(t, doc)
	}
}

// The schema check can fail: a '|' in a Descripcion and a Base of 0 are refused, so the check
// above would catch a regression.
func TestTheSchemaCheckRefusesWhatTheSATRefuses(t *testing.T) {
	t.Parallel()
	c := sampleComprobante()
	c.Conceptos[1].Descripcion = "Cable | UTP"
	doc, err := c.XML(timbre())
	if err != nil {
		t.Fatal(err)
	}
	if checked, err := cfditest.SchemaErr(t, doc); checked && err == nil {
		t.Error("a Descripcion with '|' validated")
	}
	free := sampleComprobante()
	conceptos, sub, desc, iva, total := Compute([]Linea{{ClaveProdServ: "43222610", Cantidad: 1, ClaveUnidad: "H87", Descripcion: "Regalo", ValorUnitario: 0}})
	free.Conceptos, free.SubTotal, free.Descuento, free.IVA, free.Total = conceptos, sub, desc, iva, total
	doc, err = free.XML(timbre())
	if err != nil {
		t.Fatal(err)
	}
	if checked, err := cfditest.SchemaErr(t, doc); checked && err == nil {
		t.Error("a Traslado with Base 0 validated")
	}
	unit := sampleComprobante()
	unit.Conceptos[0].ClaveUnidad = "PZA"
	doc, _ = unit.XML(timbre())
	if checked, err := cfditest.SchemaErr(t, doc); checked && err == nil {
		t.Error("ClaveUnidad PZA validated")
	}
}
