package users

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/auth"
	"tienda/pkg/httpx"
	"tienda/pkg/search"
)

// The accounts list of 'Usuarios', a page at a time: searched by name, e-mail and phone (case and
// accents aside), filtered by role and status, sorted. A shop has some thousands of accounts: the
// list reads their fields (not their password hashes) in one pass and pages in memory.

// UserQuery is what the accounts list asks for; the handler has checked each value.
type UserQuery struct {
	Needle string    // search.Needle of the search; "" all
	Rol    auth.Role // "" any
	Status *bool     // true active, false disabled, nil any
	Sort   string    // the name of one of userSorts
	Page   int       // from 1
	Limit  int       // 1..100
}

// userSort is an order the list can ask for (orden): by a key of an account, ascending or not;
// ties go by _id.
type userSort struct {
	name string
	key  func(u User) string
	desc bool
}

// userSorts are the list's orders, the first the default: by folded name, e-mail or creation date.
var userSorts = []userSort{
	{"nombre", func(u User) string { return search.Fold(u.Name) }, false},
	{"-nombre", func(u User) string { return search.Fold(u.Name) }, true},
	{"email", func(u User) string { return u.Email }, false},
	{"-createdAt", func(u User) string { return u.CreatedAt.UTC().Format("2006-01-02T15:04:05.000000000") }, true},
}

// userSortNamed is the order of userSorts named name; the default for any other.
func userSortNamed(name string) userSort {
	if i := slices.IndexFunc(userSorts, func(o userSort) bool { return o.name == name }); i >= 0 {
		return userSorts[i]
	}
	return userSorts[0]
}

// listFields are the fields an account shows in the list: never its password hash.
var listFields = bson.M{"name": 1, "email": 1, "phone": 1, "address": 1, "rol": 1, "status": 1, "admin": 1, "lastLogin": 1, "createdAt": 1}

// Page is a page of the accounts q selects, and how many it selects in all.
func (s *Service) Page(ctx context.Context, q UserQuery) ([]User, int, error) {
	order := userSortNamed(q.Sort)
	type keyed struct {
		u   User
		key string
	}
	var kept []keyed
	err := s.store.eachListed(ctx, func(doc bson.Raw) error {
		var u User
		if err := bson.Unmarshal(doc, &u); err != nil {
			return err
		}
		if q.keeps(u) {
			kept = append(kept, keyed{u, order.key(u)})
		}
		return nil
	})
	if err != nil {
		return nil, 0, fmt.Errorf("users: list: %w", err)
	}
	slices.SortFunc(kept, func(a, b keyed) int {
		c := strings.Compare(a.key, b.key)
		if c == 0 {
			c = bytes.Compare(a.u.ID[:], b.u.ID[:])
		}
		if order.desc {
			return -c
		}
		return c
	})
	out := []User{}
	for i := (q.Page - 1) * q.Limit; i < len(kept) && i < q.Page*q.Limit; i++ {
		out = append(out, kept[i].u)
	}
	return out, len(kept), nil
}

func (q UserQuery) keeps(u User) bool {
	if q.Rol != "" && u.Rol != q.Rol || q.Status != nil && u.Status != *q.Status {
		return false
	}
	if q.Needle == "" {
		return true
	}
	return strings.Contains(search.Text([]string{u.Name, u.Email}, []string{u.Phone}), q.Needle)
}

// pageList answers GET usuarios/lista?q&rol&status&orden&page&limit.
func (m *Module) pageList(c *echo.Context) error {
	q, err := userQuery(c)
	if err != nil {
		return err
	}
	list, total, err := m.service.Page(c.Request().Context(), q)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"usuarios": list, "meta": httpx.NewPageMeta(q.Page, q.Limit, int64(total))})
}

// statusActivo and statusInactivo are the list's status filter: the active accounts, the disabled.
const (
	statusActivo   = "activo"
	statusInactivo = "inactivo"
)

// The list's filters and sort take the roles there are, the status filter and the names of
// userSorts, registered by name (httpx.RegisterOneOf) for listParams' tags to name.
func init() {
	httpx.RegisterOneOf("rol", auth.Roles...)
	httpx.RegisterOneOf("estado_cuenta", statusActivo, statusInactivo)
	names := make([]string, len(userSorts))
	for i, o := range userSorts {
		names[i] = o.name
	}
	httpx.RegisterOneOf("orden_usuarios", names...)
}

// listParams are the parameters of GET usuarios/lista.
type listParams struct {
	Q      string `query:"q" validate:"max=100"`
	Rol    string `query:"rol" validate:"omitempty,rol"`
	Status string `query:"status" validate:"omitempty,estado_cuenta"`
	Orden  string `query:"orden" validate:"omitempty,orden_usuarios"`
	httpx.PageParams
}

// userQuery reads the list's parameters, naming every bad one in Spanish.
func userQuery(c *echo.Context) (UserQuery, error) {
	p := listParams{Orden: "nombre", PageParams: httpx.PageParams{Page: 1, Limit: 25}}
	if err := httpx.BindQuery(c, &p); err != nil {
		return UserQuery{}, err
	}
	q := UserQuery{Needle: search.Needle(p.Q), Rol: auth.Role(p.Rol), Sort: p.Orden, Page: p.Page, Limit: p.Limit}
	if p.Status != "" {
		active := p.Status == statusActivo
		q.Status = &active
	}
	return q, nil
}
