package cashcut

import (
	"net/http"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx"
	"tienda/pkg/money"
)

func (m *Module) byMethod(c *echo.Context) error {
	bm, _, err := m.service.Pending(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, bm)
}

func (m *Module) byUser(c *echo.Context) error {
	_, bu, err := m.service.Pending(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, bu)
}

// cutRequest is 'Hacer corte': the cash counted, either as one amount for the whole shop
// (efectivoContado, as earlier releases sent it) or by denomination for each cashier (conteos).
type cutRequest struct {
	EfectivoContado *float64     `json:"efectivoContado" validate:"omitempty,gte=0,lte=100000000"`
	Conteos         []CountInput `json:"conteos"`
	Observaciones   string       `json:"observaciones" validate:"max=1000"`
}

func (m *Module) makeCut(c *echo.Context) error {
	var req cutRequest
	if c.Request().ContentLength != 0 {
		if err := httpx.BindJSON(c, &req); err != nil {
			return err
		}
	}
	bad := apperr.Fields{}
	var counted *money.Cents
	if req.EfectivoContado != nil {
		v, err := money.FromPesos(*req.EfectivoContado)
		if err != nil {
			bad.Add("efectivoContado", "Importe inválido.")
		}
		counted = &v
	}
	counts := checkCounts(bad, req.Conteos)
	if counted != nil && len(req.Conteos) > 0 {
		bad.Add("conteos", "Captura el efectivo contado o el conteo por denominación, no ambos.")
	}
	if err := bad.Err(); err != nil {
		return err
	}
	u, _ := auth.User(c)
	cut, err := m.service.MakeCut(c.Request().Context(), Actor{ID: u.UserID(), Name: u.Name}, counted, req.Observaciones, counts...)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, cut)
}

func (m *Module) get(c *echo.Context) error {
	id, err := bson.ObjectIDFromHex(c.Param("id"))
	if err != nil {
		return apperr.New(apperr.NotFound, "No se encontró el corte.")
	}
	cut, err := m.service.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cut)
}

// recordMovement answers POST cortes/movimientos: 201 with the movement recorded, 200 with the
// one recorded before under the same _id.
func (m *Module) recordMovement(c *echo.Context) error {
	var in MovementInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	u, _ := auth.User(c)
	mv, created, err := m.service.RecordMovement(c.Request().Context(), Actor{ID: u.UserID(), Name: u.Name}, in)
	if err != nil {
		return err
	}
	if !created {
		return c.JSON(http.StatusOK, mv)
	}
	return c.JSON(http.StatusCreated, mv)
}

// pending answers GET cortes/pendiente.
func (m *Module) pending(c *echo.Context) error {
	p, err := m.service.PendingCash(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}
