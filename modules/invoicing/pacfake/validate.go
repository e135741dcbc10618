package pacfake

import (
	"fmt"
	"math"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"tienda/pkg/cfdi"
	"tienda/pkg/money"
)

// invoiceInput is POST /v2/invoices' body; pointers tell a missing field from an empty one.
type invoiceInput struct {
	Customer       *customerInput `json:"customer"`
	Items          []itemInput    `json:"items"`
	PaymentForm    *string        `json:"payment_form"`
	PaymentMethod  *string        `json:"payment_method"`
	Use            *string        `json:"use"`
	Global         *globalInput   `json:"global"`
	Related        []Related      `json:"related_documents"`
	IdempotencyKey *string        `json:"idempotency_key"`
	ExternalID     *string        `json:"external_id"`
	Series         *string        `json:"series"`
	Type           *string        `json:"type"`
	Currency       *string        `json:"currency"`
}

type customerInput struct {
	LegalName *string `json:"legal_name"`
	TaxID     *string `json:"tax_id"`
	TaxSystem *string `json:"tax_system"`
	Email     *string `json:"email"`
	Address   *struct {
		Zip *string `json:"zip"`
	} `json:"address"`
}

type itemInput struct {
	Quantity *float64      `json:"quantity"`
	Discount *float64      `json:"discount"`
	Product  *productInput `json:"product"`
}

type productInput struct {
	Description *string  `json:"description"`
	ProductKey  *string  `json:"product_key"`
	UnitKey     *string  `json:"unit_key"`
	UnitName    *string  `json:"unit_name"`
	SKU         *string  `json:"sku"`
	Price       *float64 `json:"price"`
	TaxIncluded *bool    `json:"tax_included"`
	Taxability  *string  `json:"taxability"`
	Taxes       *[]Tax   `json:"taxes"`
}

type globalInput struct {
	Periodicity *string `json:"periodicity"`
	Months      *string `json:"months"`
	Year        *int    `json:"year"`
}

// validRequest is a request that passed every check, with its CFDI data.
type validRequest struct {
	receptor                           cfdi.Receptor
	customer                           Customer
	lineas                             []cfdi.Linea
	items                              []Item
	paymentForm, paymentMethod, series string
	global                             *cfdi.InformacionGlobal
	globalOut                          *Global
	related                            []Related
	sustituye                          string // the UUID of the CFDI it replaces (relationship 04)
	tipo                               string // "I" or "E"
	relacionado                        string // an egreso's: the UUID it is a nota de crédito of (relationship 01)
}

// fieldError is a refusal: Facturapi's code, the field's path and a Spanish message.
type fieldError struct{ code, path, message string }

func required(path string) *fieldError {
	return &fieldError{"invalid_request", path, fmt.Sprintf("El campo %s es obligatorio.", path)}
}

func invalid(path, format string, args ...any) *fieldError {
	return &fieldError{"invalid_request", path, fmt.Sprintf(format, args...)}
}

var (
	zipRe        = regexp.MustCompile(`^[0-9]{5}$`)
	productKeyRe = regexp.MustCompile(`^[0-9]{8}$`)
	paymentForms = map[string]bool{"01": true, "02": true, "03": true, "04": true, "28": true, "31": true, "99": true}
	// receptorPaths maps cfdi.Receptor.Check's keys to Facturapi's paths, in the order checked.
	receptorPaths = [][2]string{
		{"rfc", "customer.tax_id"}, {"razonSocial", "customer.legal_name"},
		{"regimenFiscal", "customer.tax_system"}, {"codigoPostal", "customer.address.zip"}, {"usoCfdi", "use"},
	}
)

// validate checks a new invoice as Facturapi and the SAT would, first refusal first.
func (s *Server) validate(in invoiceInput) (validRequest, *fieldError) {
	var req validRequest
	switch req.tipo = ptr(in.Type); req.tipo {
	case "":
		req.tipo = "I"
	case "I", "E":
	default:
		return req, invalid("type", "Este simulador solo emite facturas de ingreso (type \"I\") y de egreso (type \"E\").")
	}
	if c := ptr(in.Currency); c != "" && c != "MXN" {
		return req, invalid("currency", "Este simulador solo emite facturas en pesos mexicanos (MXN).")
	}
	var err *fieldError
	if req.receptor, req.customer, err = validateCustomer(in.Customer, in.Use); err != nil {
		return req, err
	}
	if req.items, req.lineas, err = validateItems(in.Items); err != nil {
		return req, err
	}
	if req.paymentForm, req.paymentMethod, err = validatePayment(in.PaymentForm, in.PaymentMethod); err != nil {
		return req, err
	}
	if req.global, req.globalOut, err = s.validateGlobal(in.Global, req.receptor); err != nil {
		return req, err
	}
	if req.tipo == "E" {
		req.related, req.relacionado, err = validateEgresoRelated(in.Related)
	} else {
		req.related, req.sustituye, err = validateRelated(in.Related)
	}
	if err != nil {
		return req, err
	}
	req.series = ptr(in.Series)
	return req, nil
}

// validateRelated takes what the simulator supports of related_documents: one relationship 04
// (sustitución) with one UUID. That the UUID is a valid CFDI of the organization is checked with
// the invoices, under the lock.
func validateRelated(rel []Related) ([]Related, string, *fieldError) {
	if len(rel) == 0 {
		return nil, "", nil
	}
	if len(rel) != 1 || rel[0].Relationship != "04" || len(rel[0].Documents) != 1 {
		return nil, "", invalid("related_documents",
			"Este simulador solo admite related_documents con una relación 04 (sustitución) y un UUID.")
	}
	uuid := strings.ToUpper(strings.TrimSpace(rel[0].Documents[0]))
	return []Related{{Relationship: "04", Documents: []string{uuid}}}, uuid, nil
}

func validateCustomer(c *customerInput, use *string) (cfdi.Receptor, Customer, *fieldError) {
	var rec cfdi.Receptor
	if c == nil {
		return rec, Customer{}, required("customer")
	}
	name := strings.TrimSpace(ptr(c.LegalName))
	if name == "" {
		return rec, Customer{}, required("customer.legal_name")
	}
	taxID := strings.TrimSpace(ptr(c.TaxID))
	if taxID == "" {
		return rec, Customer{}, required("customer.tax_id")
	}
	rfc, perr := cfdi.ParseRFC(taxID)
	if perr != nil {
		return rec, Customer{}, invalid("customer.tax_id", "El RFC del cliente (customer.tax_id) no es válido. %s", perr.Error())
	}
	if ptr(c.TaxSystem) == "" {
		return rec, Customer{}, required("customer.tax_system")
	}
	var zip string
	if c.Address != nil {
		zip = ptr(c.Address.Zip)
	}
	if zip == "" {
		return rec, Customer{}, required("customer.address.zip")
	}
	if !zipRe.MatchString(zip) {
		return rec, Customer{}, invalid("customer.address.zip", "El código postal del cliente (customer.address.zip) debe tener 5 dígitos.")
	}
	u := ptr(use)
	if u == "" {
		u = "G01" // Facturapi's default
	}
	rec = cfdi.Receptor{RFC: rfc.Value, Nombre: name, RegimenFiscal: ptr(c.TaxSystem), CodigoPostal: zip, UsoCFDI: u}
	problems := rec.Check()
	for _, kp := range receptorPaths {
		if msg, bad := problems[kp[0]]; bad {
			return rec, Customer{}, invalid(kp[1], "%s", msg)
		}
	}
	return rec, Customer{LegalName: name, TaxID: rfc.Value, TaxSystem: rec.RegimenFiscal, Email: ptr(c.Email),
		Address: Address{Zip: zip, Country: "MEX"}}, nil
}

func validateItems(in []itemInput) ([]Item, []cfdi.Linea, *fieldError) {
	if len(in) == 0 {
		return nil, nil, invalid("items", "La factura debe incluir al menos un concepto (items).")
	}
	items := make([]Item, 0, len(in))
	lineas := make([]cfdi.Linea, 0, len(in))
	for i, it := range in {
		item, linea, err := validateItem(fmt.Sprintf("items[%d]", i), it)
		if err != nil {
			return nil, nil, err
		}
		items = append(items, item)
		lineas = append(lineas, linea)
	}
	return items, lineas, nil
}

func validateItem(path string, it itemInput) (Item, cfdi.Linea, *fieldError) {
	p := it.Product
	if p == nil {
		return Item{}, cfdi.Linea{}, required(path + ".product")
	}
	pp := path + ".product"
	desc := strings.TrimSpace(ptr(p.Description))
	switch {
	case desc == "":
		return Item{}, cfdi.Linea{}, required(pp + ".description")
	case ptr(p.ProductKey) == "":
		return Item{}, cfdi.Linea{}, required(pp + ".product_key")
	case !productKeyRe.MatchString(ptr(p.ProductKey)):
		return Item{}, cfdi.Linea{}, invalid(pp+".product_key",
			"La clave de producto o servicio (%s.product_key) debe tener 8 dígitos del catálogo c_ClaveProdServ del SAT.", pp)
	case cfdi.CheckClaveProdServ(*p.ProductKey) != "":
		return Item{}, cfdi.Linea{}, invalid(pp+".product_key",
			"La clave de producto o servicio (%s.product_key) %q no existe en el catálogo c_ClaveProdServ del SAT.", pp, *p.ProductKey)
	case strings.TrimSpace(ptr(p.UnitKey)) == "":
		return Item{}, cfdi.Linea{}, required(pp + ".unit_key")
	case !cfdi.ValidClaveUnidad(strings.TrimSpace(*p.UnitKey)):
		return Item{}, cfdi.Linea{}, invalid(pp+".unit_key",
			"La clave de unidad (%s.unit_key) %q no existe en el catálogo c_ClaveUnidad del SAT.", pp, strings.TrimSpace(*p.UnitKey))
	case !schemaText(desc, 1000):
		return Item{}, cfdi.Linea{}, invalid(pp+".description",
			"La descripción (%s.description) no cumple el patrón del SAT: de 1 a 1000 caracteres, sin el carácter | ni caracteres de control.", pp)
	case ptr(p.UnitName) != "" && !schemaText(*p.UnitName, 20):
		return Item{}, cfdi.Linea{}, invalid(pp+".unit_name",
			"El nombre de la unidad (%s.unit_name) no cumple el patrón del SAT: hasta 20 caracteres, sin el carácter |.", pp)
	case ptr(p.SKU) != "" && !schemaText(*p.SKU, 100):
		return Item{}, cfdi.Linea{}, invalid(pp+".sku",
			"El número de identificación (%s.sku) no cumple el patrón del SAT: hasta 100 caracteres, sin el carácter |.", pp)
	case p.Price == nil:
		return Item{}, cfdi.Linea{}, required(pp + ".price")
	case *p.Price < 0:
		return Item{}, cfdi.Linea{}, invalid(pp+".price", "El precio (%s.price) no puede ser negativo.", pp)
	}
	qty := 1.0
	if it.Quantity != nil {
		qty = *it.Quantity
	}
	if qty <= 0 {
		return Item{}, cfdi.Linea{}, invalid(path+".quantity", "La cantidad (%s.quantity) debe ser mayor que cero.", path)
	}
	if qty != math.Trunc(qty) {
		return Item{}, cfdi.Linea{}, invalid(path+".quantity", "Este simulador solo admite cantidades enteras (%s.quantity).", path)
	}
	if err := checkTaxes(pp, p); err != nil {
		return Item{}, cfdi.Linea{}, err
	}
	price, _ := money.FromPesos(*p.Price)
	taxIncluded := p.TaxIncluded == nil || *p.TaxIncluded // Facturapi's default: the price includes IVA
	if taxIncluded {
		price = price.MulRatio(100, 100+money.IVARate)
	}
	discount, _ := money.FromPesos(ptr(it.Discount))
	if discount < 0 {
		return Item{}, cfdi.Linea{}, invalid(path+".discount", "El descuento (%s.discount) no puede ser negativo.", path)
	}
	if discount > price*money.Cents(qty) {
		return Item{}, cfdi.Linea{}, invalid(path+".discount",
			"El descuento (%s.discount) no puede ser mayor que el importe del concepto (cantidad × precio).", path)
	}
	if price.Times(int64(qty))-discount <= 0 {
		// The schema's Traslado Base has minInclusive 0.000001: a free concept cannot carry IVA.
		return Item{}, cfdi.Linea{}, invalid(path,
			"La base del impuesto del concepto (%s: cantidad × precio − descuento) debe ser mayor que cero; el SAT no acepta conceptos sin importe gravable.", path)
	}
	linea := cfdi.Linea{
		ClaveProdServ: *p.ProductKey, NoIdentificacion: ptr(p.SKU), Cantidad: int64(qty),
		ClaveUnidad: strings.TrimSpace(*p.UnitKey), Unidad: ptr(p.UnitName), Descripcion: desc,
		ValorUnitario: price, Descuento: discount,
	}
	item := Item{Quantity: qty, Discount: discount.Pesos(), Product: Product{
		Description: desc, ProductKey: linea.ClaveProdServ, UnitKey: linea.ClaveUnidad, UnitName: linea.Unidad,
		SKU: linea.NoIdentificacion, Price: *p.Price, TaxIncluded: taxIncluded, Taxability: "02",
		Taxes: []Tax{{Type: "IVA", Rate: 0.16, Factor: "Tasa"}},
	}}
	return item, linea, nil
}

// schemaText reports whether s fits the schema's [^|]{1,max} text attributes: no '|', no
// control character (XML cannot carry most of them), no space at either end, 1 to max characters.
func schemaText(s string, max int) bool {
	n := 0
	for _, r := range s {
		if r == '|' || unicode.IsControl(r) || r == utf8.RuneError {
			return false
		}
		n++
	}
	return n >= 1 && n <= max && strings.TrimSpace(s) == s
}

// checkTaxes accepts what the shop sells: objeto de impuesto (02) with IVA trasladado at 16%, which
// is also Facturapi's default when taxes is left out.
func checkTaxes(pp string, p *productInput) *fieldError {
	if t := ptr(p.Taxability); t != "" && t != "02" {
		return invalid(pp+".taxability", "Este simulador solo admite conceptos objeto de impuesto (taxability \"02\").")
	}
	if p.Taxes == nil {
		return nil
	}
	taxes := *p.Taxes
	ok := len(taxes) == 1 && (taxes[0].Type == "" || taxes[0].Type == "IVA") && taxes[0].Rate == 0.16 &&
		!taxes[0].Withholding && (taxes[0].Factor == "" || taxes[0].Factor == "Tasa")
	if !ok {
		return invalid(pp+".taxes", "Este simulador solo admite IVA trasladado a la tasa 0.16 en cada concepto (%s.taxes).", pp)
	}
	return nil
}

func validatePayment(form, method *string) (string, string, *fieldError) {
	f, m := ptr(form), ptr(method)
	if f == "" {
		return "", "", required("payment_form")
	}
	if !paymentForms[f] {
		return "", "", invalid("payment_form",
			"La forma de pago (payment_form) %q no es válida: usa una clave del catálogo c_FormaPago del SAT (01, 02, 03, 04, 28, 31 o 99).", f)
	}
	if m == "" {
		m = "PUE" // Facturapi's default
	}
	switch {
	case m != "PUE" && m != "PPD":
		return "", "", invalid("payment_method", "El método de pago (payment_method) debe ser PUE o PPD.")
	case m == "PPD" && f != "99":
		return "", "", invalid("payment_form", "Con método de pago PPD la forma de pago (payment_form) debe ser 99 (Por definir).")
	case m == "PUE" && f == "99":
		return "", "", invalid("payment_form", "Con método de pago PUE la forma de pago (payment_form) no puede ser 99 (Por definir).")
	}
	return f, m, nil
}

// validateGlobal checks the factura global's rules: the global object goes with the generic RFC
// XAXX010101000 (and only with it), régimen 616, uso S01, the name PUBLICO EN GENERAL and the
// LugarExpedicion as the receptor's postal code; then the period.
func (s *Server) validateGlobal(g *globalInput, rec cfdi.Receptor) (*cfdi.InformacionGlobal, *Global, *fieldError) {
	generic := rec.RFC == cfdi.RFCPublicoGeneral
	switch {
	case g == nil && generic:
		return nil, nil, invalid("global", "Las facturas al público en general (RFC XAXX010101000) requieren el objeto global (periodicity, months y year).")
	case g == nil:
		return nil, nil, nil
	case !generic:
		return nil, nil, invalid("global", "El objeto global solo se permite en facturas al público en general (RFC XAXX010101000).")
	case rec.RegimenFiscal != "616":
		return nil, nil, invalid("customer.tax_system", "En una factura global el régimen fiscal del receptor debe ser 616 (Sin obligaciones fiscales).")
	case rec.UsoCFDI != "S01":
		return nil, nil, invalid("use", "En una factura global el uso del CFDI debe ser S01 (Sin efectos fiscales).")
	case !strings.EqualFold(rec.Nombre, "PUBLICO EN GENERAL"):
		return nil, nil, invalid("customer.legal_name", "En una factura global el nombre del receptor debe ser PUBLICO EN GENERAL.")
	case rec.CodigoPostal != s.LugarExpedicion:
		return nil, nil, invalid("customer.address.zip",
			"En una factura global el código postal del receptor debe ser el del lugar de expedición (%s).", s.LugarExpedicion)
	}
	per, months, year := ptr(g.Periodicity), ptr(g.Months), ptr(g.Year)
	clave, ok := periodicities[per]
	if !ok {
		return nil, nil, invalid("global.periodicity", "La periodicidad (global.periodicity) debe ser day, week, fortnight, month o two_months.")
	}
	lo, hi := "01", "12"
	if per == "two_months" {
		lo, hi = "13", "18"
	}
	if len(months) != 2 || months < lo || months > hi {
		return nil, nil, invalid("global.months", "El mes o bimestre (global.months) debe ser una clave de %s a %s para la periodicidad %s.", lo, hi, per)
	}
	if year < 2022 || year > s.now().Year() {
		return nil, nil, invalid("global.year", "El año (global.year) debe estar entre 2022 y el año en curso.")
	}
	return &cfdi.InformacionGlobal{Periodicidad: clave, Meses: months, Anio: year},
		&Global{Periodicity: per, Months: months, Year: year}, nil
}
