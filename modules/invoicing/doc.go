// Package invoicing issues the shop's CFDI 4.0: customers' tax profiles, self-invoicing of a paid
// sale, the factura global of the sales nobody invoiced, cancellation, and the files. It owns the
// collections facturas, facturas_perfiles and facturas_xml; it reads sales and products only
// through the ports of ports.go, and stamps through a PAC (pac.go).
package invoicing
