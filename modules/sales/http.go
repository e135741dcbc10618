package sales

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx"
	"tienda/pkg/salestate"
)

func saleID(c *echo.Context, name string) (bson.ObjectID, error) {
	id, err := bson.ObjectIDFromHex(c.Param(name))
	if err != nil {
		return bson.ObjectID{}, errSaleNotFound
	}
	return id, nil
}

func actor(c *echo.Context) Actor {
	u, _ := auth.User(c)
	return Actor{ID: u.UserID(), Name: u.Name}
}

// ownerOrStaff lets a customer see only their own sales; staff who manage orders see all.
func ownerOrStaff(c *echo.Context, owner string) error {
	u, _ := auth.User(c)
	if u.UserID() == owner || u.Role.Can(auth.ManageOrders) {
		return nil
	}
	return apperr.New(apperr.Forbidden, "Solo puedes ver tus propias compras.")
}

func (m *Module) get(c *echo.Context) error {
	id, err := saleID(c, "id")
	if err != nil {
		return err
	}
	v, err := m.service.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if v.Estado != salestate.Confirmada {
		return errSaleNotFound
	}
	if err := ownerOrStaff(c, v.UsuarioID); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

func (m *Module) byUser(c *echo.Context) error {
	userID := c.Param("userId")
	if err := ownerOrStaff(c, userID); err != nil {
		return err
	}
	list, err := m.service.ByUser(c.Request().Context(), userID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

func (m *Module) pending(c *echo.Context) error {
	list, err := m.service.PendingOrders(c.Request().Context(), "")
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

func (m *Module) pendingForClient(c *echo.Context) error {
	clientID := c.Param("clientId")
	if err := ownerOrStaff(c, clientID); err != nil {
		return err
	}
	list, err := m.service.PendingOrders(c.Request().Context(), clientID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, list)
}

func (m *Module) version(c *echo.Context) error {
	n, err := m.service.Version(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]int64{"version": n})
}

// rangeParams are the parameters of GET ventas: a range as ParseRange reads it.
type rangeParams struct {
	StartDate string `query:"startDate"`
	EndDate   string `query:"endDate"`
}

func (m *Module) between(c *echo.Context) error {
	var p rangeParams
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	from, to, err := ParseRange(p.StartDate, p.EndDate, m.service.now())
	if err != nil {
		return err
	}
	list, err := m.service.Between(c.Request().Context(), from, to)
	if err != nil {
		return err
	}
	return writeSales(c, list)
}

// writeSales answers a JSON array of sales, encoding one at a time from its stored document instead
// of the whole list at once.
func writeSales(c *echo.Context, docs []bson.Raw) error {
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	w.WriteHeader(http.StatusOK)
	buf := bufio.NewWriterSize(w, 32<<10)
	enc := json.NewEncoder(buf)
	// A bufio.Writer keeps its first write error and Flush returns it: the single writes need no
	// check of their own.
	_ = buf.WriteByte('[')
	for i, doc := range docs {
		var v Sale
		if err := bson.Unmarshal(doc, &v); err != nil {
			return fmt.Errorf("sales: list: %w", err) // logged; the client gets a cut-off answer
		}
		if i > 0 {
			_ = buf.WriteByte(',')
		}
		if err := enc.Encode(v); err != nil {
			return fmt.Errorf("sales: list: %w", err)
		}
	}
	_ = buf.WriteByte(']')
	return buf.Flush()
}

type reportRequest struct {
	StartDate string `json:"startDate" validate:"max=40"`
	EndDate   string `json:"endDate" validate:"max=40"`
	// Criterio is PorFechaDePago (ingresos by the day the money moved, the default) or
	// PorFechaDeVenta (by the day of the sale).
	Criterio string `json:"criterio" validate:"omitempty,criterio_reporte"`
}

func (m *Module) report(c *echo.Context) error {
	var req reportRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	from, to, bad := rangeOf(req.StartDate, req.EndDate, m.service.now())
	if err := bad.Err(); err != nil { // a body's fields
		return err
	}
	if req.Criterio == "" {
		req.Criterio = PorFechaDePago
	}
	r, err := m.service.SalesReport(c.Request().Context(), from, to, req.Criterio)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, r)
}

// updateRequest is the order-management and shipment update: any of the fields, the rest of a
// sale a client may send (carrito, totals...) is ignored.
type updateRequest struct {
	Pago          *string          `json:"pago"`
	Entrega       *string          `json:"entrega"`
	Observaciones *string          `json:"observaciones"`
	MetodoPago    *string          `json:"metodoPago"`
	TipoTarjeta   *string          `json:"tipoTarjeta"`
	Envio         *json.RawMessage `json:"envio"`
}

type envioRequest struct {
	Status        string  `json:"status" validate:"max=40"`
	Empresa       string  `json:"empresa" validate:"max=80"`
	Guia          string  `json:"guia" validate:"max=80"`
	Observaciones string  `json:"observaciones" validate:"max=1000"`
	CostoEnvio    float64 `json:"costoEnvio" validate:"gte=0,lte=1000000"` // before IVA
	CobrarEnvio   bool    `json:"cobrarEnvio"`                             // charged to the customer, as a line of the sale
}

func (m *Module) update(c *echo.Context) error {
	id, err := saleID(c, "id")
	if err != nil {
		return err
	}
	var req updateRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	u, _ := auth.User(c)
	if (req.Pago != nil || req.MetodoPago != nil || req.TipoTarjeta != nil) && !u.Role.Can(auth.CashDesk) {
		return apperr.New(apperr.Forbidden, "Solo caja puede cambiar el pago de una orden.")
	}
	ch := OrderChange{Pago: req.Pago, Entrega: req.Entrega, Observaciones: req.Observaciones, MetodoPago: req.MetodoPago, TipoTarjeta: req.TipoTarjeta}
	if req.Envio != nil {
		if !u.Role.Can(auth.ManageCatalog) {
			return apperr.New(apperr.Forbidden, "No tienes permiso para registrar envíos.")
		}
		var e envioRequest
		if err := json.Unmarshal(*req.Envio, &e); err != nil {
			return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"envio": "Datos de envío inválidos."})
		}
		if err := c.Validate(&e); err != nil {
			return err
		}
		ch.Envio = &Envio{Status: e.Status, Empresa: e.Empresa, Guia: e.Guia, Observaciones: e.Observaciones,
			CostoEnvio: e.CostoEnvio, CobrarEnvio: e.CobrarEnvio}
	}
	v, err := m.service.UpdateOrder(c.Request().Context(), id, actor(c), ch)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

type toggleRequest struct {
	IDOrden string `json:"idOrden" validate:"required,max=64"`
	Nombre  string `json:"nombre" validate:"max=300"`
}

func (m *Module) toggleDelivered(c *echo.Context) error {
	id, err := saleID(c, "saleId")
	if err != nil {
		return err
	}
	var req toggleRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	v, err := m.service.ToggleDelivered(c.Request().Context(), id, actor(c), req.IDOrden, req.Nombre)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

type returnRequest struct {
	Lineas []returnLineRequest `json:"lineas" validate:"max=200,dive"`
	Metodo string              `json:"metodo" validate:"max=40"`
	Motivo string              `json:"motivo" validate:"max=2000"`
}

type returnLineRequest struct {
	IDOrden  string `json:"idOrden" validate:"max=64"`
	Indice   int    `json:"indice" validate:"gte=0,lte=1000"`
	Cantidad int    `json:"cantidad" validate:"gte=0,lte=100000"`
}

// recordReturn records a return of a paid sale (POST /ventas/:id/devoluciones) and answers the sale.
func (m *Module) recordReturn(c *echo.Context) error {
	id, err := saleID(c, "id")
	if err != nil {
		return err
	}
	var req returnRequest
	if err := httpx.BindJSON(c, &req); err != nil {
		return err
	}
	r := ReturnRequest{Metodo: req.Metodo, Motivo: req.Motivo, Lineas: make([]ReturnLine, len(req.Lineas))}
	for i, l := range req.Lineas {
		r.Lineas[i] = ReturnLine(l)
	}
	v, err := m.service.Return(c.Request().Context(), id, actor(c), r)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, v)
}
