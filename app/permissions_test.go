package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/auth"
)

// public marks a route anyone may call; the others need a session whose role has the permission.
const public auth.Permission = -1

// rule is what a /v1 route needs. self: the route's path parameter is filled with the caller's own
// user id (a route about one's own data), otherwise with an id that does not exist.
type rule struct {
	perm auth.Permission
	self bool
}

// permissionTable is every /v1 route with the permission it needs. A route the
// router knows but this table lacks fails TestPermissionTable: add yours here.
var permissionTable = map[string]rule{
	// app
	"GET /v1/health":       {perm: public},
	"GET /v1/health/live":  {perm: public},
	"GET /v1/health/ready": {perm: public},
	"GET /v1/config":       {perm: public},
	"GET /v1/openapi.yaml": {perm: public},
	// users
	"POST /v1/usuarios/login":            {perm: public},
	"POST /v1/usuarios/passwordrecovery": {perm: public},
	"POST /v1/usuarios/passwordchange":   {perm: public},
	"POST /v1/usuarios":                  {perm: public}, // self-registration; a rol needs ManageUsers
	"GET /v1/usuarios":                   {perm: auth.ManageUsers},
	"PATCH /v1/usuarios/perfil":          {perm: auth.Shop},
	"PATCH /v1/usuarios/perfil/password": {perm: auth.Shop},
	"PATCH /v1/usuarios/perfil/correos":  {perm: auth.Shop}, // order e-mails on or off (issue #26)
	"GET /v1/usuarios/:id":               {perm: auth.Shop, self: true},
	"PATCH /v1/usuarios/:id":             {perm: auth.Shop, self: true},
	"DELETE /v1/usuarios/:id":            {perm: auth.ManageUsers},
	// catalog
	"GET /v1/productos":                {perm: public},
	"GET /v1/productos/search/":        {perm: public},
	"GET /v1/productos/search":         {perm: public},
	"GET /v1/productos/:id":            {perm: public},
	"POST /v1/productos":               {perm: auth.ManageCatalog},
	"PATCH /v1/productos/:id":          {perm: auth.ManageCatalog},
	"DELETE /v1/productos/:id":         {perm: auth.ManageCatalog},
	"POST /v1/productos/:id/archivar":  {perm: auth.ManageCatalog},
	"POST /v1/productos/:id/restaurar": {perm: auth.ManageCatalog},
	// bulk import (issue #28, item 3)
	"POST /v1/productos/importar":          {perm: auth.ManageCatalog},
	"GET /v1/productos/importar/plantilla": {perm: auth.ManageCatalog},
	"GET /v1/productos/importaciones":      {perm: auth.ManageCatalog},
	"GET /v1/productos/importaciones/:id":  {perm: auth.ManageCatalog},
	"GET /v1/admin/productos":              {perm: auth.ManageCatalog},
	"GET /v1/admin/productos/:id":          {perm: auth.ManageCatalog},
	"GET /v1/discounts":                    {perm: auth.ManageCatalog},
	"GET /v1/discounts/:id":                {perm: auth.ManageCatalog},
	"POST /v1/discounts":                   {perm: auth.ManageCatalog},
	"PATCH /v1/discounts/:id":              {perm: auth.ManageCatalog},
	"DELETE /v1/discounts/:id":             {perm: auth.ManageCatalog},
	// categories (issue #28, item 2): the storefront reads them, staff see them, the Administrador edits
	"GET /v1/categorias":              {perm: public},
	"GET /v1/admin/categorias":        {perm: auth.ManageOrders},
	"POST /v1/admin/categorias":       {perm: auth.ManageUsers},
	"PUT /v1/admin/categorias/orden":  {perm: auth.ManageUsers},
	"PATCH /v1/admin/categorias/:id":  {perm: auth.ManageUsers},
	"DELETE /v1/admin/categorias/:id": {perm: auth.ManageUsers},
	"GET /v1/imagenes/:id":            {perm: public},
	"GET /v1/imagenes/:id/:file":      {perm: public},
	"GET /v1/imagenes/demo/:name":     {perm: public},
	// sales
	"GET /v1/ventas":                              {perm: auth.ManageCatalog}, // any range: the sales-report roles only
	"GET /v1/ventas/":                             {perm: auth.ManageCatalog},
	"GET /v1/ventas/ordenes/pendientes":           {perm: auth.ManageOrders},
	"GET /v1/ventas/ordenes/version":              {perm: auth.ManageOrders},
	"GET /v1/ventas/ordenes/pendientes/:clientId": {perm: auth.Shop, self: true},
	"GET /v1/ventas/usuario/:userId":              {perm: auth.Shop, self: true},
	"GET /v1/ventas/:id":                          {perm: auth.Shop},
	"PATCH /v1/ventas/:id":                        {perm: auth.ManageOrders},
	"PATCH /v1/ventas/order/:saleId":              {perm: auth.ManageOrders},
	"POST /v1/ventas/:id/devoluciones":            {perm: auth.CashDesk},
	"POST /v1/ventas/reporte":                     {perm: auth.ManageCatalog},

	// staff lists a page at a time (issue #15): open orders for every staff role, any range of
	// sales for the report roles, accounts for the Administrador
	"GET /v1/ventas/ordenes": {perm: auth.ManageOrders},
	"GET /v1/ventas/lista":   {perm: auth.ManageCatalog},
	"GET /v1/usuarios/lista": {perm: auth.ManageUsers},
	// the counter order's 'Cliente (cuenta)' picker (issue #23): the staff who take orders
	"GET /v1/usuarios/clientes": {perm: auth.ManageOrders},
	// cartcheckout
	"POST /v1/ventas":                         {perm: auth.Shop},
	"POST /v1/ventas/mercado-pago-preference": {perm: auth.Shop},
	"POST /v1/ventas/mercado-pago/confirmar":  {perm: auth.Shop},
	"POST /v1/webhooks/mercadopago":           {perm: public},
	// cashcut
	"GET /v1/ventas/reporte/metodo-pago": {perm: auth.CashDesk},
	"GET /v1/ventas/reporte/usuario":     {perm: auth.CashDesk},
	"POST /v1/ventas/corte":              {perm: auth.CashDesk},
	"GET /v1/cortes":                     {perm: auth.CashDesk},
	"GET /v1/cortes/:id":                 {perm: auth.CashDesk},
	"GET /v1/cortes/pendiente":           {perm: auth.CashDesk},
	"POST /v1/cortes/movimientos":        {perm: auth.CashDesk},
	// logs
	"POST /v1/logs": {perm: public},
	"GET /v1/logs":  {perm: auth.ManageUsers},
	// audit
	"GET /v1/auditoria": {perm: auth.ManageUsers},
	// backups (issue #25): the Administrador only
	"GET /v1/respaldos":  {perm: auth.ManageUsers},
	"POST /v1/respaldos": {perm: auth.ManageUsers},
	// 'Catálogo del proveedor' (issue #28): the Administrador only
	"GET /v1/proveedor/ajustes":           {perm: auth.ManageUsers},
	"PUT /v1/proveedor/credenciales":      {perm: auth.ManageUsers},
	"PUT /v1/proveedor/reglas":            {perm: auth.ManageUsers},
	"GET /v1/proveedor/categorias":        {perm: auth.ManageUsers},
	"GET /v1/proveedor/marcas":            {perm: auth.ManageUsers},
	"GET /v1/proveedor/productos":         {perm: auth.ManageUsers},
	"POST /v1/proveedor/importaciones":    {perm: auth.ManageUsers},
	"GET /v1/proveedor/importaciones":     {perm: auth.ManageUsers},
	"GET /v1/proveedor/importaciones/:id": {perm: auth.ManageUsers},
	"GET /v1/proveedor/cambios":           {perm: auth.ManageUsers},
	"POST /v1/proveedor/sincronizar":      {perm: auth.ManageUsers},

	// invoicing (issue #17): catalogues and the ticket pages for anyone, profiles and own sales
	// for any account, the rest for the cash desk; the files for staff, their customer or the
	// holder of their download token (anyone else: 404)
	"GET /v1/facturas/catalogos":           {perm: public},
	"GET /v1/facturas/perfiles":            {perm: auth.Shop},
	"POST /v1/facturas/perfiles":           {perm: auth.Shop},
	"PUT /v1/facturas/perfiles/:id":        {perm: auth.Shop},
	"DELETE /v1/facturas/perfiles/:id":     {perm: auth.Shop},
	"POST /v1/facturas/ventas/:ventaId":    {perm: auth.Shop},
	"POST /v1/facturas/publica/buscar":     {perm: public},
	"POST /v1/facturas/publica":            {perm: public},
	"GET /v1/facturas":                     {perm: auth.CashDesk},
	"GET /v1/facturas/sin-clave-sat":       {perm: auth.CashDesk},
	"GET /v1/facturas/global/vista-previa": {perm: auth.CashDesk},
	"POST /v1/facturas/global":             {perm: auth.CashDesk},
	"GET /v1/facturas/:id":                 {perm: auth.Shop},
	"GET /v1/facturas/:id/pdf":             {perm: public},
	"GET /v1/facturas/:id/xml":             {perm: public},
	"POST /v1/facturas/:id/enviar":         {perm: auth.CashDesk},
	"POST /v1/facturas/:id/cancelar":       {perm: auth.CashDesk},
	"POST /v1/facturas/:id/sustituir":      {perm: auth.CashDesk},

	// inventory (catalog): adjustments, stock movements, low stock
	"POST /v1/inventario/ajustes":             {perm: auth.ManageCatalog},
	"GET /v1/inventario/movimientos":          {perm: auth.ManageCatalog},
	"GET /v1/inventario/movimientos/exportar": {perm: auth.ManageCatalog},
	"GET /v1/inventario/bajo":                 {perm: auth.ManageCatalog},

	// exports (pkg/export): the sales and products of the report roles, the cuts of the cash desk
	"GET /v1/ventas/exportar":          {perm: auth.ManageCatalog},
	"GET /v1/admin/productos/exportar": {perm: auth.ManageCatalog},
	"GET /v1/cortes/exportar":          {perm: auth.CashDesk},
}

const permSecret = "permisos-0123456789abcdef-0123456789"

// TestPermissionTable tries every /v1 route with no token, bad tokens, an expired token and each
// role's token, and checks the answer against the table: 401 without a valid session, 403 for a
// role without the permission, neither for a role with it; public routes never answer 401 or 403.
func TestPermissionTable(t *testing.T) {
	t.Parallel()
	a := MustStart(t, t.TempDir(), map[string]string{"DEMO_DATA": "true", "JWT_SECRET": permSecret})
	defer closeApp(t, a)
	h := a.Handler()

	type session struct {
		role  auth.Role
		id    string
		token string
	}
	var sessions []session
	for _, acc := range []struct {
		role            auth.Role
		email, password string
	}{
		{auth.Administrador, "admin@tienda.mx", "Admin#2026"},
		{auth.Auxiliar, "auxiliar@tienda.mx", "Auxiliar#2026"},
		{auth.Cajero, "cajero@tienda.mx", "Cajero#2026"},
		{auth.Comandero, "comandero@tienda.mx", "Comandero#2026"},
		{auth.Cliente, "cliente@tienda.mx", "Cliente#2026"},
	} {
		rec := do(t, h, http.MethodPost, "/v1/usuarios/login", `{"email":"`+acc.email+`","password":"`+acc.password+`"}`)
		var ans struct {
			Data struct {
				Token    string
				DataUser struct{ ID, Rol string }
			}
		}
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &ans) != nil || ans.Data.DataUser.Rol != string(acc.role) {
			t.Fatalf("login %s: %d %s", acc.email, rec.Code, rec.Body)
		}
		sessions = append(sessions, session{acc.role, ans.Data.DataUser.ID, ans.Data.Token})
	}
	admin := sessions[0]
	expired, err := auth.NewTokens(permSecret, -time.Hour).Issue(admin.id, "Adriana", "admin@tienda.mx", auth.Administrador)
	if err != nil {
		t.Fatal(err)
	}
	forged, _ := auth.NewTokens("otro-secreto-0123456789abcdef-012345", time.Hour).Issue(admin.id, "Adriana", "admin@tienda.mx", auth.Administrador)
	unknownUser, _ := auth.NewTokens(permSecret, time.Hour).Issue(bson.NewObjectID().Hex(), "Nadie", "nadie@x.mx", auth.Administrador)
	wrongRole, _ := auth.NewTokens(permSecret, time.Hour).Issue(sessions[4].id, "Claudia", "cliente@tienda.mx", auth.Administrador)
	badTokens := map[string]string{
		"garbage":                  "Bearer no.es.un-token",
		"other secret":             "Bearer " + forged,
		"expired":                  "Bearer " + expired,
		"unknown user":             unknownUser,
		"role not the user's role": "Bearer " + wrongRole,
	}

	fill := func(path, self string, r rule) string {
		parts := strings.Split(path, "/")
		for i, p := range parts {
			if strings.HasPrefix(p, ":") {
				if r.self {
					parts[i] = self
				} else {
					parts[i] = bson.NewObjectID().Hex()
				}
			}
		}
		return strings.Join(parts, "/")
	}

	seen := map[string]bool{}
	for _, r := range a.echo.Router().Routes() {
		if !strings.HasPrefix(r.Path, "/v1/") || r.Path == "/v1/*" || r.Method == "echo_route_not_found" {
			continue
		}
		key := r.Method + " " + r.Path
		seen[key] = true
		rl, ok := permissionTable[key]
		if !ok {
			t.Errorf("%s is not in the permission table of app/permissions_test.go: add it with the permission it needs", key)
			continue
		}
		t.Run(key, func(t *testing.T) {
			if rl.perm == public {
				for name, tok := range map[string]string{"no token": "", "bad token": badTokens["garbage"], "expired": badTokens["expired"], "cliente": sessions[4].token} {
					if code, body := callOnce(t, h, r.Method, fill(r.Path, sessions[4].id, rl), tok); code == 401 || code == 403 {
						t.Errorf("public route, %s: %d %s", name, code, body)
					}
				}
				return
			}
			path := fill(r.Path, admin.id, rl)
			if code, body := callOnce(t, h, r.Method, path, ""); code != 401 || !strings.Contains(body, "Inicia sesión") {
				t.Errorf("no token: %d %s", code, body)
			}
			for name, tok := range badTokens {
				if code, body := callOnce(t, h, r.Method, path, tok); code != 401 || !strings.Contains(body, "Tu sesión expiró o no es válida") {
					t.Errorf("%s: %d %s", name, code, body)
				}
			}
			for _, s := range sessions {
				code, body := callOnce(t, h, r.Method, fill(r.Path, s.id, rl), "Bearer "+s.token)
				if s.role.Can(rl.perm) {
					if code == 401 || code == 403 {
						t.Errorf("%s may: %d %s", s.role, code, body)
					}
				} else if code != 403 || !strings.Contains(body, "No tienes permiso") {
					t.Errorf("%s may not: %d %s", s.role, code, body)
				}
			}
		})
	}
	for key := range permissionTable {
		if !seen[key] {
			t.Errorf("%s is in the permission table but the router does not know it", key)
		}
	}
}

func callOnce(t *testing.T, h http.Handler, method, path, token string) (int, string) {
	t.Helper()
	body := ""
	if method == http.MethodPost || method == http.MethodPatch || method == http.MethodPut {
		body = "{}"
	}
	headers := []string{}
	if token != "" {
		headers = append(headers, "Authorization", token)
	}
	rec := do(t, h, method, path, body, headers...)
	return rec.Code, rec.Body.String()
}
