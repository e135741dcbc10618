package cartcheckout

import (
	"net/http"
	"regexp"
	"strings"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx"
)

// cartItem is a cart line as the browser keeps it. Only the ids, the extras' ids and
// the quantity are read; prices are the catalogue's.
type cartItem struct {
	ID        string `json:"id" validate:"max=64"`
	ProductID string `json:"producto_id" validate:"max=64"`
	Cantidad  int    `json:"cantidad"`
	Extras    []struct {
		ID  string `json:"_id" validate:"max=64"`
		Alt string `json:"id" validate:"max=64"`
	} `json:"extras" validate:"max=20,dive"`
}

func (it cartItem) line() Line {
	l := Line{ProductID: strings.TrimSpace(it.ProductID), VariantID: strings.TrimSpace(it.ID), Cantidad: it.Cantidad}
	if l.VariantID == l.ProductID {
		l.VariantID = "" // a cart line of a product without variants
	}
	for _, e := range it.Extras {
		id := e.ID
		if id == "" {
			id = e.Alt
		}
		l.ExtraIDs = append(l.ExtraIDs, id)
	}
	return l
}

type orderRequest struct {
	Carrito []cartItem `json:"carrito" validate:"max=100,dive"`
	Cliente string     `json:"cliente" validate:"max=80"`
	// ClienteID: staff placing the order for a customer's account.
	ClienteID string `json:"clienteId" validate:"max=64"`
}

type preferenceRequest struct {
	PublicKey string     `json:"public_key" validate:"max=200"`
	Items     []cartItem `json:"items" validate:"max=100,dive"`
	Cliente   string     `json:"cliente" validate:"max=80"`
}

func lines(items []cartItem) []Line {
	out := make([]Line, len(items))
	for i, it := range items {
		out[i] = it.line()
	}
	return out
}

func placedBy(c *echo.Context) (string, Buyer) {
	u, _ := auth.User(c)
	return u.UserID(), Buyer{ID: u.UserID(), Name: u.Name, Email: u.Email}
}

// placeOrder answers POST ventas: a counter order, priced and stocked by the server.
func (m *Module) placeOrder(c *echo.Context) error {
	var req orderRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	buyerID, by := placedBy(c)
	clienteID := strings.TrimSpace(req.ClienteID)
	if u, _ := auth.User(c); clienteID != "" && !u.Role.Can(auth.ManageOrders) {
		return apperr.New(apperr.Forbidden, "Solo el personal de la tienda puede registrar una orden a nombre de otro cliente.")
	}
	key, err := idempotencyKey(c)
	if err != nil {
		return err
	}
	o := Order{Lines: lines(req.Carrito), Cliente: req.Cliente, ClienteID: clienteID, Clave: key}
	sale, err := m.service.PlaceCounterOrder(c.Request().Context(), buyerID, by, o)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sale)
}

// idempotencyKeyPattern is what an Idempotency-Key may be: a UUID, or any 1 to 64 letters,
// digits, '-' and '_'.
var idempotencyKeyPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// idempotencyKey reads the Idempotency-Key header the cart sends with each checkout attempt ("" when
// there is none).
func idempotencyKey(c *echo.Context) (string, error) {
	k := strings.TrimSpace(c.Request().Header.Get("Idempotency-Key"))
	if k != "" && !idempotencyKeyPattern.MatchString(k) {
		return "", apperr.InvalidFields(apperr.MsgCheckFields,
			map[string]string{"Idempotency-Key": "Debe tener de 1 a 64 letras, números, guiones o guiones bajos."})
	}
	return k, nil
}

// createPreference answers POST ventas/mercado-pago-preference with {id}.
func (m *Module) createPreference(c *echo.Context) error {
	var req preferenceRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	buyerID, by := placedBy(c)
	key, err := idempotencyKey(c)
	if err != nil {
		return err
	}
	id, err := m.service.CreatePreference(c.Request().Context(), buyerID, by, Order{Lines: lines(req.Items), Cliente: req.Cliente, Clave: key})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]string{"id": id})
}

// returnRequest is the provider's return parameters, as the /success page read them.
type returnRequest struct {
	CollectionID      string `json:"collection_id" validate:"max=40"`
	CollectionStatus  string `json:"collection_status" validate:"max=40"`
	PaymentID         string `json:"payment_id" validate:"max=40"`
	Status            string `json:"status" validate:"max=40"`
	ExternalReference string `json:"external_reference" validate:"max=64"`
	PaymentType       string `json:"payment_type" validate:"max=40"`
	MerchantOrderID   string `json:"merchant_order_id" validate:"max=40"`
	PreferenceID      string `json:"preference_id" validate:"max=100"`
	SiteID            string `json:"site_id" validate:"max=10"`
	ProcessingMode    string `json:"processing_mode" validate:"max=40"`
	MerchantAccountID string `json:"merchant_account_id" validate:"max=40"`
}

func present(v string) bool { v = strings.TrimSpace(v); return v != "" && v != "null" }

// confirmPayment answers POST ventas/mercado-pago/confirmar: the /success page asks the server to
// record the sale; the server trusts only the provider.
func (m *Module) confirmPayment(c *echo.Context) error {
	var req returnRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	if !present(req.PaymentID) || !present(req.Status) || !present(req.CollectionID) {
		return apperr.New(apperr.Invalid, "Datos de pago inválidos")
	}
	userID, _ := placedBy(c)
	if err := m.store.saveReturn(c.Request().Context(), PaymentReturn{
		ID: bson.NewObjectID(), CollectionID: req.CollectionID, CollectionStatus: req.CollectionStatus,
		PaymentID: req.PaymentID, Status: req.Status, ExternalReference: req.ExternalReference,
		PaymentType: req.PaymentType, MerchantOrderID: req.MerchantOrderID, PreferenceID: req.PreferenceID,
		SiteID: req.SiteID, ProcessingMode: req.ProcessingMode, MerchantAccountID: req.MerchantAccountID,
		Source: "retorno", UserID: userID, Timestamp: m.service.now().UTC(),
	}); err != nil {
		return err
	}
	res, err := m.service.ConfirmPayment(c.Request().Context(), req.PaymentID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// webhook answers the provider's notifications: signature checked, then the same recording path.
// Errors other than a bad signature answer 5xx so that the provider retries.
func (m *Module) webhook(c *echo.Context) error {
	q := c.Request().URL.Query()
	kind, dataID := q.Get("type"), q.Get("data.id")
	if kind == "" {
		kind, dataID = q.Get("topic"), q.Get("id")
	}
	if m.service.payments == nil {
		return apperr.New(apperr.Unavailable, "")
	}
	if err := VerifySignature(m.service.payments.secret, c.Request().Header.Get("x-signature"),
		c.Request().Header.Get("x-request-id"), dataID); err != nil {
		return apperr.New(apperr.Unauthorized, "Firma de notificación inválida.")
	}
	if kind != "payment" || dataID == "" {
		return c.NoContent(http.StatusOK) // merchant orders and other topics: nothing to do
	}
	_, err := m.service.ConfirmPayment(c.Request().Context(), dataID)
	switch {
	case err == nil, apperr.Is(err, apperr.PaymentFailed), apperr.Is(err, apperr.NotFound), apperr.Is(err, apperr.Invalid):
		return c.NoContent(http.StatusOK) // settled, or nothing to record: do not retry
	default:
		return err
	}
}
