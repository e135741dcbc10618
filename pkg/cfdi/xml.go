package cfdi

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"strconv"

	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

// The namespaces and schemas of a CFDI 4.0 and of the TimbreFiscalDigital 1.1.
const (
	NamespaceCFDI  = "http://www.sat.gob.mx/cfd/4"
	NamespaceXSI   = "http://www.w3.org/2001/XMLSchema-instance"
	NamespaceTFD   = "http://www.sat.gob.mx/TimbreFiscalDigital"
	schemaCFDI     = NamespaceCFDI + " http://www.sat.gob.mx/sitio_internet/cfd/4/cfdv40.xsd"
	schemaTFD      = NamespaceTFD + " http://www.sat.gob.mx/sitio_internet/cfd/TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd"
	fechaLayout    = "2006-01-02T15:04:05"
	tasaIVA        = "0.160000"
	impuestoIVA    = "002"
	objetoImpuesto = "02" // sí objeto de impuesto

	// TipoRelacionSustitucion is c_TipoRelacion 04: sustitución de los CFDI previos;
	// TipoRelacionNotaCredito is 01: nota de crédito de los documentos relacionados.
	TipoRelacionSustitucion = "04"
	TipoRelacionNotaCredito = "01"
)

// XML renders the comprobante as Anexo 20 defines a CFDI 4.0 of type I or E in MXN: attributes in the
// schema's order, amounts with 2 decimals, the date in Mexico City's time. The Timbre, when given,
// fills Sello and NoCertificado and adds the TimbreFiscalDigital 1.1 complement; Certificado is
// always empty (the shop never holds the emisor's certificate: the PAC seals).
func (c Comprobante) XML(t *Timbre) ([]byte, error) {
	if len(c.Conceptos) == 0 {
		return nil, errors.New("cfdi: a comprobante needs at least one concepto")
	}
	var buf bytes.Buffer
	buf.WriteString(xml.Header)
	w := &writer{enc: xml.NewEncoder(&buf)}
	var sello, noCert string
	tipo := c.Tipo
	if tipo == "" {
		tipo = TipoIngreso
	}
	if t != nil {
		sello, noCert = t.SelloCFD, t.NoCertificado
	}
	w.start("cfdi:Comprobante",
		"xmlns:cfdi", NamespaceCFDI, "xmlns:xsi", NamespaceXSI, "xsi:schemaLocation", schemaCFDI,
		"Version", "4.0", "?Serie", c.Serie, "?Folio", c.Folio, "Fecha", c.Fecha.In(shoptime.Zone).Format(fechaLayout),
		"Sello", sello, "?FormaPago", c.FormaPago, "NoCertificado", noCert, "Certificado", "",
		"SubTotal", amount(c.SubTotal), "?Descuento", positive(c.Descuento), "Moneda", "MXN",
		"Total", amount(c.Total), "TipoDeComprobante", tipo, "Exportacion", "01",
		"?MetodoPago", c.MetodoPago, "LugarExpedicion", c.LugarExpedicion)
	if g := c.Global; g != nil {
		w.leaf("cfdi:InformacionGlobal", "Periodicidad", g.Periodicidad, "Meses", g.Meses, "Año", strconv.Itoa(g.Anio))
	}
	for _, rel := range [][2]string{{TipoRelacionSustitucion, c.Sustituye}, {TipoRelacionNotaCredito, c.Relacionado}} {
		if rel[1] != "" {
			w.start("cfdi:CfdiRelacionados", "TipoRelacion", rel[0])
			w.leaf("cfdi:CfdiRelacionado", "UUID", rel[1])
			w.end("cfdi:CfdiRelacionados")
		}
	}
	w.leaf("cfdi:Emisor", "Rfc", c.Emisor.RFC, "Nombre", c.Emisor.Nombre, "RegimenFiscal", c.Emisor.RegimenFiscal)
	r := c.Receptor
	w.leaf("cfdi:Receptor", "Rfc", r.RFC, "Nombre", r.Nombre, "DomicilioFiscalReceptor", r.CodigoPostal,
		"RegimenFiscalReceptor", r.RegimenFiscal, "UsoCFDI", r.UsoCFDI)
	w.start("cfdi:Conceptos")
	var base money.Cents
	for _, k := range c.Conceptos {
		base += k.Base
		w.start("cfdi:Concepto", "ClaveProdServ", k.ClaveProdServ, "?NoIdentificacion", k.NoIdentificacion,
			"Cantidad", strconv.FormatInt(k.Cantidad, 10), "ClaveUnidad", k.ClaveUnidad, "?Unidad", k.Unidad,
			"Descripcion", k.Descripcion, "ValorUnitario", amount(k.ValorUnitario), "Importe", amount(k.Importe),
			"?Descuento", positive(k.Descuento), "ObjetoImp", objetoImpuesto)
		w.impuestos(k.Base, k.IVA)
		w.end("cfdi:Concepto")
	}
	w.end("cfdi:Conceptos")
	w.impuestos(base, c.IVA, "TotalImpuestosTrasladados", amount(c.IVA))
	if t != nil {
		w.start("cfdi:Complemento")
		w.leaf("tfd:TimbreFiscalDigital", "xmlns:tfd", NamespaceTFD, "xsi:schemaLocation", schemaTFD,
			"Version", "1.1", "UUID", t.UUID, "FechaTimbrado", t.FechaTimbrado.In(shoptime.Zone).Format(fechaLayout),
			"RfcProvCertif", t.RfcProvCertif, "SelloCFD", t.SelloCFD, "NoCertificadoSAT", t.NoCertificadoSAT,
			"SelloSAT", t.SelloSAT)
		w.end("cfdi:Complemento")
	}
	w.end("cfdi:Comprobante")
	if w.err == nil {
		w.err = w.enc.Flush()
	}
	if w.err != nil {
		return nil, fmt.Errorf("cfdi: xml: %w", w.err)
	}
	return buf.Bytes(), nil
}

// writer writes elements with prefixed names (encoding/xml's namespaces cannot choose prefixes,
// and the SAT's are fixed), keeping the first error.
type writer struct {
	enc *xml.Encoder
	err error
}

// start opens an element; attrs are name, value pairs in order, and a name starting with "?" is
// left out when its value is empty.
func (w *writer) start(name string, attrs ...string) {
	se := xml.StartElement{Name: xml.Name{Local: name}}
	for i := 0; i+1 < len(attrs); i += 2 {
		n, v := attrs[i], attrs[i+1]
		if n[0] == '?' {
			if v == "" {
				continue
			}
			n = n[1:]
		}
		se.Attr = append(se.Attr, xml.Attr{Name: xml.Name{Local: n}, Value: v})
	}
	w.token(se)
}

func (w *writer) end(name string) { w.token(xml.EndElement{Name: xml.Name{Local: name}}) }

func (w *writer) leaf(name string, attrs ...string) {
	w.start(name, attrs...)
	w.end(name)
}

func (w *writer) token(t xml.Token) {
	if w.err == nil {
		w.err = w.enc.EncodeToken(t)
	}
}

// impuestos writes the IVA 16 % of a base, in an Impuestos element with attrs.
func (w *writer) impuestos(base, iva money.Cents, attrs ...string) {
	w.start("cfdi:Impuestos", attrs...)
	w.start("cfdi:Traslados")
	w.leaf("cfdi:Traslado", "Base", amount(base), "Impuesto", impuestoIVA, "TipoFactor", "Tasa",
		"TasaOCuota", tasaIVA, "Importe", amount(iva))
	w.end("cfdi:Traslados")
	w.end("cfdi:Impuestos")
}

// amount writes centavos as the SAT's decimals: 1234.50.
func amount(c money.Cents) string {
	v, sign := int64(c), ""
	if v < 0 {
		v, sign = -v, "-"
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}

// positive is amount for an optional amount: empty (left out) unless above zero.
func positive(c money.Cents) string {
	if c <= 0 {
		return ""
	}
	return amount(c)
}
