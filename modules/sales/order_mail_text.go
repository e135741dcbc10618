package sales

import (
	"bytes"
	htmltemplate "html/template"
	"net/url"
	"strings"
	texttemplate "text/template"

	"tienda/pkg/apperr"
	"tienda/pkg/mail"
	"tienda/pkg/money"
	"tienda/pkg/shoptime"
)

// mailView is one order e-mail as both its texts (plain and HTML) say it.
type mailView struct {
	Shop       ShopInfo
	MisCompras string // the link to 'Mis compras'
	Nombre     string // the customer's
	Titulo     string
	Parrafos   []string
	Datos      []mailDato // label and value rows: folio, carrier, guide...
	Rastreo    string     // the carrier's tracking page for the guide, when the carrier is known
	Lineas     []mailLinea
	TotalDe    string // what the total is: 'Total', 'Reembolso'
	Total      string
}

type mailDato struct{ Etiqueta, Valor string }

type mailLinea struct {
	Cantidad int
	Nombre   string
	Importe  string // with IVA
}

// orderMessage is the e-mail of event id of sale v, to the customer to (named name).
func orderMessage(v Sale, id, to, name string, shop ShopInfo, publicURL string) (mail.Message, error) {
	view := mailView{Shop: shop, MisCompras: strings.TrimRight(publicURL, "/") + "/usuarios/compras", Nombre: firstName(name)}
	folio := mailDato{"Folio", v.Folio}
	fecha := mailDato{"Fecha", v.Fecha.In(shoptime.Zone).Format("02/01/2006 15:04")}
	var subject string
	switch {
	case id == eventoRecibido && v.Origen == OrigenMercadoPago:
		subject = "Recibimos tu pago del pedido " + v.Folio
		view.Titulo = "¡Pago recibido!"
		view.Parrafos = []string{"Recibimos el pago de tu pedido con " + v.MetodoPago + ". Ya lo estamos preparando; te avisaremos cuando salga o esté listo."}
		view.Datos = []mailDato{folio, fecha, {"Pago", "Pagado"}}
		view.Lineas, view.TotalDe, view.Total = saleLines(v), "Total pagado", money.MustFromPesos(v.Total).String()
	case id == eventoRecibido:
		subject = "Recibimos tu pedido " + v.Folio
		view.Titulo = "¡Recibimos tu pedido!"
		view.Parrafos = []string{"Tu pedido quedó registrado. Paga en caja al recogerlo: da tu folio en el mostrador."}
		view.Datos = []mailDato{folio, fecha, {"Pago", "Paga en caja"}}
		view.Lineas, view.TotalDe, view.Total = saleLines(v), "Total a pagar", money.MustFromPesos(v.Total).String()
	case id == eventoEnviado:
		subject = "Tu pedido " + v.Folio + " va en camino"
		view.Titulo = "Tu pedido va en camino"
		view.Parrafos = []string{"Enviamos tu pedido."}
		view.Datos = []mailDato{folio}
		if e := v.Envio; e != nil {
			if e.Empresa != "" {
				view.Datos = append(view.Datos, mailDato{"Paquetería", e.Empresa})
			}
			if e.Guia != "" {
				view.Datos = append(view.Datos, mailDato{"Guía de rastreo", e.Guia})
				view.Rastreo = trackingURL(e.Empresa, e.Guia)
			}
		}
	case id == eventoEntregado && v.Envio != nil:
		subject = "Tu pedido " + v.Folio + " fue entregado"
		view.Titulo = "Tu pedido fue entregado"
		view.Parrafos = []string{"La paquetería nos confirma que entregó tu pedido. ¡Gracias por tu compra!"}
		view.Datos = []mailDato{folio}
	case id == eventoEntregado:
		subject = "Entregamos tu pedido " + v.Folio
		view.Titulo = "Entregamos tu pedido"
		view.Parrafos = []string{"Tu pedido quedó entregado en la tienda. ¡Gracias por tu compra!"}
		view.Datos = []mailDato{folio}
	case strings.HasPrefix(id, eventoDevolucion+"-"):
		d, ok := returnOf(v, strings.TrimPrefix(id, eventoDevolucion+"-"))
		if !ok {
			return mail.Message{}, apperr.Wrap(errReturnMissing, "sales: order e-mail %s of %s", id, v.Folio)
		}
		subject = "Registramos tu devolución del pedido " + v.Folio
		view.Titulo = "Registramos tu devolución"
		view.Parrafos = []string{"Recibimos los artículos que devolviste y te reembolsamos su importe."}
		view.Datos = []mailDato{folio, {"Reembolso en", d.Metodo}, {"Motivo", d.Motivo}}
		for _, l := range d.Lineas {
			view.Lineas = append(view.Lineas, mailLinea{Cantidad: l.Cantidad, Nombre: l.Nombre, Importe: money.MustFromPesos(l.Monto).String()})
		}
		view.TotalDe, view.Total = "Reembolso", money.MustFromPesos(d.Monto).String()
	default:
		return mail.Message{}, apperr.Wrap(errReturnMissing, "sales: unknown order e-mail %s of %s", id, v.Folio)
	}
	var text, html bytes.Buffer
	if err := mailText.Execute(&text, view); err != nil {
		return mail.Message{}, apperr.Wrap(err, "sales: order e-mail text")
	}
	if err := mailHTML.Execute(&html, view); err != nil {
		return mail.Message{}, apperr.Wrap(err, "sales: order e-mail html")
	}
	return mail.Message{To: to, Subject: subject + " · " + shop.Name, Text: text.String(), HTML: html.String()}, nil
}

var errReturnMissing = apperr.New(apperr.NotFound, "No se encontró el evento del correo.")

// saleLines are the sale's lines with IVA, as the ticket shows them.
func saleLines(v Sale) []mailLinea {
	out := make([]mailLinea, 0, len(v.Carrito))
	for _, it := range v.Carrito {
		unit, err := money.FromPesos(it.PrecioFinal)
		if err != nil || it.Cantidad < 1 {
			continue
		}
		out = append(out, mailLinea{Cantidad: it.Cantidad, Nombre: it.Nombre, Importe: money.PriceLine(unit, int64(it.Cantidad)).Total.String()})
	}
	return out
}

func returnOf(v Sale, id string) (Devolucion, bool) {
	for _, d := range v.Devoluciones {
		if d.ID == id {
			return d, true
		}
	}
	return Devolucion{}, false
}

func firstName(name string) string {
	if f := strings.Fields(name); len(f) > 0 {
		return f[0]
	}
	return ""
}

// trackingURL is the carrier's page that tracks guide, for the carriers whose page takes the guide
// in its address; "" for the others.
func trackingURL(carrier, guide string) string {
	g := url.QueryEscape(strings.TrimSpace(guide))
	switch c := strings.ToLower(carrier); {
	case strings.Contains(c, "dhl"):
		return "https://www.dhl.com/mx-es/home/rastreo.html?tracking-id=" + g
	case strings.Contains(c, "fedex"):
		return "https://www.fedex.com/fedextrack/?trknbr=" + g
	case strings.Contains(c, "ups"):
		return "https://www.ups.com/track?loc=es_MX&tracknum=" + g
	}
	return ""
}

var mailText = texttemplate.Must(texttemplate.New("texto").Parse(`{{if .Nombre}}Hola {{.Nombre}}:{{else}}Hola:{{end}}

{{.Titulo}}
{{range .Parrafos}}
{{.}}
{{end}}
{{range .Datos}}{{.Etiqueta}}: {{.Valor}}
{{end}}{{if .Rastreo}}Rastrea tu envío: {{.Rastreo}}
{{end}}{{if .Lineas}}
{{range .Lineas}}{{.Cantidad}} × {{.Nombre}}  {{.Importe}}
{{end}}{{.TotalDe}} (IVA incluido): {{.Total}}
{{end}}
Consulta tus pedidos en Mis compras: {{.MisCompras}}

{{.Shop.Name}}
{{.Shop.Address}}
Tel. {{.Shop.Phone}}
`))

var mailHTML = htmltemplate.Must(htmltemplate.New("html").Parse(`<!DOCTYPE html>
<html lang="es-MX"><head><meta charset="utf-8"><title>{{.Titulo}}</title></head>
<body style="margin:0;padding:16px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">
<p style="margin:0 0 8px;color:#475569">{{.Shop.Name}}</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#1e3a8a">{{.Titulo}}</h1>
<p>{{if .Nombre}}Hola {{.Nombre}}:{{else}}Hola:{{end}}</p>
{{range .Parrafos}}<p>{{.}}</p>
{{end}}<table role="presentation" style="border-collapse:collapse;margin:12px 0">
{{range .Datos}}<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0;color:#475569;font-weight:normal">{{.Etiqueta}}</th><td style="padding:4px 0;font-weight:bold">{{.Valor}}</td></tr>
{{end}}</table>
{{if .Rastreo}}<p><a href="{{.Rastreo}}" style="color:#1d4ed8">Rastrear mi envío</a></p>
{{end}}{{if .Lineas}}<table style="border-collapse:collapse;width:100%;margin:12px 0">
<thead><tr><th style="text-align:left;border-bottom:1px solid #cbd5e1;padding:6px 0">Artículo</th><th style="text-align:right;border-bottom:1px solid #cbd5e1;padding:6px 0">Importe</th></tr></thead>
<tbody>
{{range .Lineas}}<tr><td style="padding:6px 0">{{.Cantidad}} × {{.Nombre}}</td><td style="text-align:right;padding:6px 0">{{.Importe}}</td></tr>
{{end}}</tbody>
<tfoot><tr><th style="text-align:left;padding:8px 0">{{.TotalDe}} (IVA incluido)</th><td style="text-align:right;padding:8px 0;font-weight:bold">{{.Total}}</td></tr></tfoot>
</table>
{{end}}<p><a href="{{.MisCompras}}" style="display:inline-block;background:#1e3a8a;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Ver Mis compras</a></p>
<hr style="border:none;border-top:1px solid #e2e8f0;margin:24px 0 12px">
<p style="font-size:13px;color:#475569;margin:0">{{.Shop.Name}}<br>{{.Shop.Address}}<br>Tel. {{.Shop.Phone}}</p>
</div>
</body></html>
`))
