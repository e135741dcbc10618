package suppliersync

import (
	"context"
	"errors"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/labstack/echo/v5"
	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog/supplier/syscom"
	"tienda/pkg/apperr"
	"tienda/pkg/auth"
	"tienda/pkg/httpx"
)

// digitsID is a Syscom category or product id.
var digitsID = regexp.MustCompile(`^[0-9]{1,20}$`)

// Routes registers /v1/proveedor/..., for the Administrador only.
func (m *Module) Routes(g *echo.Group) {
	admin := auth.Require(auth.ManageUsers)
	g.GET("/proveedor/ajustes", m.getSettings, admin)
	g.PUT("/proveedor/credenciales", m.putCredentials, admin)
	g.PUT("/proveedor/reglas", m.putRules, admin)
	g.GET("/proveedor/categorias", m.categories, admin)
	g.GET("/proveedor/marcas", m.brands, admin)
	g.GET("/proveedor/productos", m.products, admin)
	g.POST("/proveedor/importaciones", m.postJob, admin)
	g.GET("/proveedor/importaciones", m.listJobs, admin)
	g.GET("/proveedor/importaciones/:id", m.getJob, admin)
	g.GET("/proveedor/cambios", m.listChanges, admin)
	g.POST("/proveedor/sincronizar", m.syncNow, admin)
}

// Ajustes is the settings as answered: never the secret, only whether it is set and its end.
type Ajustes struct {
	Configuradas bool `json:"configuradas"`
	// Reingresar: credentials are stored but the shop's secret changed since: enter them again.
	Reingresar           bool       `json:"reingresar,omitempty"`
	ClientIDFin          string     `json:"clientIdFin,omitempty"`
	SecretoFin           string     `json:"secretoFin,omitempty"`
	Reglas               Reglas     `json:"reglas"`
	SincronizarCadaHoras float64    `json:"sincronizarCadaHoras"`
	UltimaSincronizacion *time.Time `json:"ultimaSincronizacion,omitempty"`
}

func (m *Module) ajustes(ctx context.Context) (Ajustes, error) {
	doc, err := m.settings(ctx)
	if err != nil {
		return Ajustes{}, err
	}
	a := Ajustes{Reglas: doc.Reglas, SincronizarCadaHoras: m.every.Hours(), UltimaSincronizacion: doc.UltimaSincronizacion}
	id, secret, err := m.credentials(doc)
	switch {
	case err == nil:
		a.Configuradas, a.ClientIDFin, a.SecretoFin = true, last4(id), last4(secret)
	case errors.Is(err, errCredencialesIlegibles):
		a.Reingresar = true
	case !errors.Is(err, errSinCredenciales):
		return Ajustes{}, err
	}
	return a, nil
}

func (m *Module) getSettings(c *echo.Context) error {
	a, err := m.ajustes(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a)
}

type credentialsInput struct {
	ClientID     string `json:"clientId" validate:"required,max=200"`
	ClientSecret string `json:"clientSecret" validate:"required,max=500"`
}

// putCredentials checks the credentials with the distributor (a token and the exchange rate)
// and keeps them.
func (m *Module) putCredentials(c *echo.Context) error {
	var in credentialsInput
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	in.ClientID, in.ClientSecret = strings.TrimSpace(in.ClientID), strings.TrimSpace(in.ClientSecret)
	if in.ClientID == "" || in.ClientSecret == "" || strings.ContainsAny(in.ClientID+in.ClientSecret, "\x00\r\n") {
		return apperr.New(apperr.Invalid, "Escribe el ID de cliente y el secreto de tu cuenta de desarrollador de Syscom.")
	}
	ctx := c.Request().Context()
	if err := m.checkCredentials(ctx, in.ClientID, in.ClientSecret); err != nil {
		return err
	}
	sealed, err := m.sealSecret(in.ClientSecret)
	if err != nil {
		return apperr.Wrap(err, "suppliersync: encrypt the secret")
	}
	if err := m.setSettings(ctx, bson.M{"clientId": in.ClientID, "clientSecretCifrado": sealed}); err != nil {
		return err
	}
	return m.getSettings(c)
}

// reglasInput is PUT reglas's body: the general and the minimum margins are required.
type reglasInput struct {
	General      *float64           `json:"general"`
	Minimo       *float64           `json:"minimo"`
	PorCategoria map[string]float64 `json:"porCategoria"`
	PorMarca     map[string]float64 `json:"porMarca"`
	Terminacion  *int               `json:"terminacion"`
}

func (m *Module) putRules(c *echo.Context) error {
	var body reglasInput
	if err := httpx.BindJSON(c, &body); err != nil {
		return err
	}
	if body.General == nil || body.Minimo == nil {
		return apperr.New(apperr.Invalid, "Escribe el margen general y el margen mínimo.")
	}
	in := Reglas{General: *body.General, Minimo: *body.Minimo, PorCategoria: body.PorCategoria, PorMarca: body.PorMarca, Terminacion: body.Terminacion}
	if in.PorCategoria == nil {
		in.PorCategoria = map[string]float64{}
	}
	if in.PorMarca == nil {
		in.PorMarca = map[string]float64{}
	}
	if _, err := in.rules(); err != nil {
		return err
	}
	if err := m.setSettings(c.Request().Context(), bson.M{"reglas": in}); err != nil {
		return err
	}
	return m.getSettings(c)
}

func (m *Module) categories(c *echo.Context) error {
	ctx := c.Request().Context()
	cli, err := m.client(ctx)
	if err != nil {
		return err
	}
	cats, err := cli.Categories(ctx)
	if err != nil {
		return publicErr(err)
	}
	type cat struct {
		ID     string `json:"id"`
		Nombre string `json:"nombre"`
	}
	out := make([]cat, 0, len(cats))
	for _, x := range cats {
		out = append(out, cat{x.ID, x.Nombre})
	}
	return c.JSON(http.StatusOK, out)
}

func (m *Module) brands(c *echo.Context) error {
	ctx := c.Request().Context()
	cli, err := m.client(ctx)
	if err != nil {
		return err
	}
	bs, err := cli.Brands(ctx)
	if err != nil {
		return publicErr(err)
	}
	type brand struct {
		ID     string `json:"id"`
		Nombre string `json:"nombre"`
	}
	out := make([]brand, 0, len(bs))
	for _, b := range bs {
		out = append(out, brand{b.ID, b.Nombre})
	}
	return c.JSON(http.StatusOK, out)
}

// productRow is one product of a search as the browser lists it.
type productRow struct {
	ID         string `json:"id"`
	Modelo     string `json:"modelo"`
	Titulo     string `json:"titulo"`
	Marca      string `json:"marca"`
	Imagen     string `json:"imagen"`
	Existencia int    `json:"existencia"`
	Importado  bool   `json:"importado"`
}

// searchParams are the query parameters of GET proveedor/productos: what to search for in the
// distributor's catalogue, and the page of its answer.
type searchParams struct {
	Busqueda  string `query:"busqueda" validate:"max=100"`
	Categoria string `query:"categoria" validate:"max=100"`
	Marca     string `query:"marca" validate:"max=100"`
	Pagina    int    `query:"pagina" validate:"min=1,max=5000"`
}

func (m *Module) products(c *echo.Context) error {
	p := searchParams{Pagina: 1}
	if err := httpx.BindQuery(c, &p); err != nil {
		return err
	}
	bad := apperr.Fields{}
	for name, v := range map[string]string{"busqueda": p.Busqueda, "categoria": p.Categoria, "marca": p.Marca} {
		if strings.ContainsRune(v, 0) {
			bad.Add(name, apperr.MsgInvalid)
		}
	}
	if len(bad) > 0 {
		return apperr.BadParameters(bad)
	}
	q, pagina := syscom.Query{Busqueda: p.Busqueda, Categoria: p.Categoria, Marca: p.Marca}, p.Pagina
	if q.Busqueda == "" && q.Categoria == "" && q.Marca == "" {
		return apperr.New(apperr.Invalid, "Escribe qué buscar o elige una categoría o una marca.")
	}
	ctx := c.Request().Context()
	cli, err := m.client(ctx)
	if err != nil {
		return err
	}
	page, err := cli.Search(ctx, q, pagina)
	if err != nil {
		return publicErr(err)
	}
	known := m.cat.DistributorProducts("Syscom")
	rows := make([]productRow, 0, len(page.Productos))
	for _, p := range page.Productos {
		_, imported := known[p.ID]
		rows = append(rows, productRow{ID: p.ID, Modelo: p.Modelo, Titulo: p.Titulo, Marca: p.Marca, Imagen: p.ImgPortada,
			Existencia: max(p.TotalExistencia, p.Existencia.Nuevo), Importado: imported})
	}
	return c.JSON(http.StatusOK, map[string]any{"cantidad": page.Cantidad, "pagina": max(page.Pagina, pagina), "paginas": page.Paginas, "productos": rows})
}

func (m *Module) postJob(c *echo.Context) error {
	var in Seleccion
	if err := httpx.BindJSON(c, &in); err != nil {
		return err
	}
	for _, id := range append(append([]string{}, in.Categorias...), in.Productos...) {
		if !digitsID.MatchString(id) {
			return apperr.New(apperr.Invalid, "Revisa la selección: las categorías y los productos de Syscom se indican con su número.")
		}
	}
	for _, id := range in.Marcas {
		if strings.TrimSpace(id) == "" || strings.ContainsAny(id, "/?#$\x00") {
			return apperr.New(apperr.Invalid, "Revisa la selección: hay una marca que no es válida.")
		}
	}
	j, err := m.newJob(c.Request().Context(), in, auth.UserID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, j)
}

func (m *Module) listJobs(c *echo.Context) error {
	js, err := m.jobs(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, js)
}

func (m *Module) getJob(c *echo.Context) error {
	id, err := bson.ObjectIDFromHex(c.Param("id"))
	if err != nil {
		return apperr.New(apperr.NotFound, "No existe esa importación.")
	}
	j, found, err := m.store.job(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if !found {
		return apperr.New(apperr.NotFound, "No existe esa importación.")
	}
	j.IDs = nil
	return c.JSON(http.StatusOK, j)
}

func (m *Module) listChanges(c *echo.Context) error {
	cs, err := m.changes(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cs)
}

// syncNow runs a sync while the caller waits (at most 5 minutes).
func (m *Module) syncNow(c *echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 5*time.Minute)
	defer cancel()
	res, err := m.Sync(ctx)
	if err != nil {
		return publicErr(err)
	}
	return c.JSON(http.StatusOK, res)
}
