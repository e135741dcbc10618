package users

import (
	"net/http"

	"github.com/labstack/echo/v5"

	"tienda/pkg/auth"
	"tienda/pkg/httpx"
	"tienda/pkg/search"
)

// Customer is what staff taking a counter order see of a customer's account: enough to pick it.
type Customer struct {
	ID    string `json:"_id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

// customersLimit is how many accounts one search of customers answers.
const customersLimit = 20

// customers answers GET usuarios/clientes?q: up to 20 enabled customer accounts (role Cliente)
// whose name, e-mail or phone match q, by name, with only their id, name and e-mail. It is the
// 'Cliente (cuenta)' picker of a counter order, for the staff who take orders.
func (m *Module) customers(c *echo.Context) error {
	var p struct {
		Q string `query:"q" validate:"max=100"`
	}
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	active := true
	list, _, err := m.service.Page(c.Request().Context(), UserQuery{Needle: search.Needle(p.Q), Rol: auth.Cliente, Status: &active,
		Sort: "nombre", Page: 1, Limit: customersLimit})
	if err != nil {
		return err
	}
	out := make([]Customer, len(list))
	for i, u := range list {
		out[i] = Customer{ID: u.ID.Hex(), Name: u.Name, Email: u.Email}
	}
	return c.JSON(http.StatusOK, map[string]any{"clientes": out})
}
