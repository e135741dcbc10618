package invoicing

import (
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v5"

	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/cfdi"
	"tienda/pkg/httpx"
)

// Routes registers the module's routes on the /v1 group: the catalogues and the public pages for
// anyone, the tax profiles and own sales for any signed-in user, the rest for the cash desk
// (Administrador, Cajero).
func (m *Module) Routes(g *echo.Group) {
	user, desk := auth.Require(auth.Shop), auth.Require(auth.CashDesk)
	g.GET("/facturas/catalogos", m.catalogos)
	g.GET("/facturas/perfiles", m.listProfiles, user)
	g.POST("/facturas/perfiles", m.createProfile, user)
	g.PUT("/facturas/perfiles/:id", m.updateProfile, user)
	g.DELETE("/facturas/perfiles/:id", m.deleteProfile, user)
	g.POST("/facturas/ventas/:ventaId", m.invoiceOwnSale, user)
	g.POST("/facturas/publica/buscar", m.lookupTicket, m.limited)
	g.POST("/facturas/publica", m.invoiceTicket, m.limited)
	g.GET("/facturas", m.list, desk)
	g.GET("/facturas/sin-clave-sat", m.missingSATKey, desk)
	g.GET("/facturas/global/vista-previa", m.previewGlobal, desk)
	g.POST("/facturas/global", m.issueGlobal, desk)
	g.GET("/facturas/:id", m.get, user)
	g.GET("/facturas/:id/pdf", m.file("pdf"))
	g.GET("/facturas/:id/xml", m.file("xml"))
	g.POST("/facturas/:id/enviar", m.resend, desk)
	g.POST("/facturas/:id/cancelar", m.cancel, desk)
	g.POST("/facturas/:id/sustituir", m.substitute, desk)
}

// limited lets a client address through the public pages at the rate of publicPerSec.
func (m *Module) limited(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c *echo.Context) error {
		if ok, wait := m.public.Take("ip:"+c.RealIP(), 1); !ok {
			c.Response().Header().Set("Retry-After", strconv.Itoa(int(wait/time.Second)+1))
			return apperr.New(apperr.TooMany, "Demasiados intentos. Espera un momento e inténtalo de nuevo.")
		}
		return next(c)
	}
}

type catalogosAnswer struct {
	Configurada bool           `json:"configurada"`
	Regimenes   []cfdi.Regimen `json:"regimenes"`
	Usos        []cfdi.Uso     `json:"usos"`
	Motivos     []cfdi.Motivo  `json:"motivos"`
	DiasGracia  int            `json:"diasGracia"`
}

func (m *Module) catalogos(c *echo.Context) error {
	return c.JSON(http.StatusOK, catalogosAnswer{
		Configurada: m.service.Configured(), Regimenes: cfdi.Regimenes, Usos: cfdi.Usos,
		Motivos: cfdi.MotivosCancelacion, DiasGracia: m.service.settings.DiasGracia,
	})
}

func (m *Module) listProfiles(c *echo.Context) error {
	list, err := m.service.Profiles(c.Request().Context(), auth.UserID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string][]Perfil{"perfiles": list})
}

func (m *Module) createProfile(c *echo.Context) error {
	var in PerfilInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	p, err := m.service.CreateProfile(c.Request().Context(), auth.UserID(c), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, p)
}

func (m *Module) updateProfile(c *echo.Context) error {
	var in PerfilInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	p, err := m.service.UpdateProfile(c.Request().Context(), auth.UserID(c), c.Param("id"), in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, p)
}

func (m *Module) deleteProfile(c *echo.Context) error {
	if err := m.service.DeleteProfile(c.Request().Context(), auth.UserID(c), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// issued answers a factura just asked for: 201 once stamped, 202 while the PAC's answer is not
// known (it is retried, and mailed when stamped).
func issued(c *echo.Context, f Factura) error {
	if f.Estado == EstadoTimbrando {
		return c.JSON(http.StatusAccepted, f)
	}
	return c.JSON(http.StatusCreated, f)
}

func (m *Module) invoiceOwnSale(c *echo.Context) error {
	var in struct {
		PerfilID string `json:"perfilId"`
	}
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	f, err := m.service.InvoiceOwnSale(c.Request().Context(), auth.UserID(c), c.Param("ventaId"), in.PerfilID)
	if err != nil {
		return err
	}
	return issued(c, f)
}

func (m *Module) lookupTicket(c *echo.Context) error {
	var in struct {
		Folio string  `json:"folio"`
		Total float64 `json:"total"`
	}
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	v, err := m.service.LookupTicket(c.Request().Context(), in.Folio, in.Total)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

func (m *Module) invoiceTicket(c *echo.Context) error {
	var in PublicInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	f, err := m.service.InvoiceTicket(c.Request().Context(), in)
	if err != nil {
		return err
	}
	return issued(c, f)
}

// listAnswer is a page of the staff list.
type listAnswer struct {
	Facturas []Factura      `json:"facturas"`
	Meta     httpx.PageMeta `json:"meta"`
	Cuenta   Cuenta         `json:"cuenta"` // how SHOP_CP agrees with the PAC account
}

func (m *Module) list(c *echo.Context) error {
	q, err := parseList(c)
	if err != nil {
		return err
	}
	list, total, err := m.service.List(c.Request().Context(), q)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, listAnswer{Facturas: list, Meta: httpx.NewPageMeta(q.Page, q.Limit, total), Cuenta: m.service.Account()})
}

// The list's tipo and estado take the values of Tipos and Estados, registered by name
// (httpx.RegisterOneOf) for listParams' tags to name.
func init() {
	httpx.RegisterOneOf("tipo_factura", Tipos...)
	httpx.RegisterOneOf("estado_factura", Estados...)
}

// listParams are the parameters of GET facturas.
type listParams struct {
	Q      string    `query:"q" validate:"max=100"`
	Tipo   string    `query:"tipo" validate:"omitempty,tipo_factura"`
	Estado string    `query:"estado" validate:"omitempty,estado_factura"`
	Desde  time.Time `query:"desde"`
	Hasta  time.Time `query:"hasta" validate:"omitempty,gtefield=Desde"`
	httpx.PageParams
}

// parseList reads GET facturas?q&desde&hasta&tipo&estado&page&limit, a Spanish message per bad one.
func parseList(c *echo.Context) (ListQuery, error) {
	p := listParams{PageParams: httpx.PageParams{Page: 1, Limit: 25}}
	if err := httpx.BindQuery(c, &p); err != nil {
		return ListQuery{}, err
	}
	q := ListQuery{Q: p.Q, Tipo: p.Tipo, Estado: p.Estado, Page: p.Page, Limit: p.Limit}
	q.Desde, q.Hasta = httpx.DayRange(p.Desde, p.Hasta)
	return q, nil
}

// pageParams are the parameters of GET facturas/sin-clave-sat.
type pageParams struct {
	httpx.PageParams
}

// missingSATKey answers GET facturas/sin-clave-sat?page&limit: a page (25 unless asked) of the
// products without a SAT key, by name, and how many there are (a distributor's catalogue may bring
// thousands).
func (m *Module) missingSATKey(c *echo.Context) error {
	type producto struct {
		ID     string `json:"_id"`
		Nombre string `json:"nombre"`
		Modelo string `json:"modelo"`
	}
	params := pageParams{PageParams: httpx.PageParams{Page: 1, Limit: 25}}
	if err := httpx.BindQuery(c, &params); err != nil {
		return err
	}
	page, limit := params.Page, params.Limit
	all := m.service.MissingSATKey()
	out := []producto{}
	for _, p := range all[min((page-1)*limit, len(all)):min(page*limit, len(all))] {
		out = append(out, producto{ID: p.ProductID, Nombre: p.Nombre, Modelo: p.Modelo})
	}
	return c.JSON(http.StatusOK, struct {
		Productos []producto     `json:"productos"`
		Meta      httpx.PageMeta `json:"meta"`
	}{out, httpx.NewPageMeta(page, limit, int64(len(all)))})
}

// periodoParams are the parameters of GET facturas/global/vista-previa, read by ParsePeriodo.
type periodoParams struct {
	Periodicidad string `query:"periodicidad"`
	Fecha        string `query:"fecha"`
}

func (m *Module) previewGlobal(c *echo.Context) error {
	var params periodoParams
	if err := httpx.BindQuery(c, &params); err != nil {
		return err
	}
	p, err := m.service.ParsePeriodo(params.Periodicidad, params.Fecha)
	if err != nil {
		return err
	}
	out, err := m.service.PreviewGlobal(c.Request().Context(), p)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

func (m *Module) issueGlobal(c *echo.Context) error {
	var in struct {
		Periodicidad string   `json:"periodicidad"`
		Fecha        string   `json:"fecha"`
		Ventas       []string `json:"ventas"`
	}
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	p, err := m.service.ParsePeriodo(in.Periodicidad, in.Fecha)
	if err != nil {
		return err
	}
	if len(in.Ventas) == 0 || len(in.Ventas) > 20000 {
		return apperr.InvalidFields(apperr.MsgCheckFields, map[string]string{"ventas": "Haz la vista previa y emite la factura con sus ventas."})
	}
	f, err := m.service.IssueGlobal(c.Request().Context(), p, in.Ventas, auth.UserID(c))
	if err != nil {
		return err
	}
	return issued(c, f)
}

// owner is "" for staff, who see every factura, and the user's id for a customer, who sees
// their own.
func owner(c *echo.Context) string {
	if claims, ok := auth.User(c); ok && claims.Role.Can(auth.CashDesk) {
		return ""
	}
	return auth.UserID(c)
}

func (m *Module) get(c *echo.Context) error {
	f, err := m.service.Get(c.Request().Context(), c.Param("id"), owner(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, f)
}

// file answers GET facturas/:id/pdf|xml to staff, to the factura's customer, or to whoever holds
// its download token (?clave=); to anybody else, not found.
func (m *Module) file(format string) echo.HandlerFunc {
	return func(c *echo.Context) error {
		var p struct {
			Clave string `query:"clave"`
		}
		if err := httpx.BindQuery(c, &p); err != nil {
			return err
		}
		ctx, id := c.Request().Context(), c.Param("id")
		f, err := m.service.store.get(ctx, id)
		if err != nil {
			return err
		}
		claims, signed := auth.User(c)
		allowed := m.service.validToken(id, p.Clave) ||
			(signed && (claims.Role.Can(auth.CashDesk) || (f.UsuarioID != "" && f.UsuarioID == claims.Subject)))
		if !allowed {
			return errFacturaNotFound
		}
		data, err := m.service.File(ctx, f, format)
		if err != nil {
			return err
		}
		ct := map[string]string{"pdf": "application/pdf", "xml": "application/xml; charset=utf-8"}[format]
		c.Response().Header().Set(echo.HeaderContentDisposition, `attachment; filename="`+FileName(f, format)+`"`)
		c.Response().Header().Set("Cache-Control", "private, no-store")
		return c.Blob(http.StatusOK, ct, data)
	}
}

func (m *Module) resend(c *echo.Context) error {
	var in struct {
		Email string `json:"email"`
	}
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	if err := m.service.Resend(c.Request().Context(), c.Param("id"), in.Email); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (m *Module) cancel(c *echo.Context) error {
	var in struct {
		Motivo string `json:"motivo"`
	}
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	f, err := m.service.Cancel(c.Request().Context(), c.Param("id"), in.Motivo, auth.UserID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, f)
}

// substitute answers POST facturas/:id/sustituir with the CFDI that replaces it, made with the
// fiscal data of the body (motivo 01).
func (m *Module) substitute(c *echo.Context) error {
	var in PerfilInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	f, err := m.service.Substitute(c.Request().Context(), c.Param("id"), in.receptor(), auth.UserID(c))
	if err != nil {
		return err
	}
	return issued(c, f)
}
