package cfdi

import (
	"encoding/json"
	"testing"
)

// The API answers the catalogues as they are: the web app reads clave, descripcion, fisica, moral,
// regimenes and requiereSustitucion.
func TestCatalogueJSONNames(t *testing.T) {
	for _, tc := range []struct {
		v    any
		want string
	}{
		{Regimen{"612", "Actividades", true, false}, `{"clave":"612","descripcion":"Actividades","fisica":true,"moral":false}`},
		{Uso{"G03", "Gastos", true, true, []string{"612"}}, `{"clave":"G03","descripcion":"Gastos","fisica":true,"moral":true,"regimenes":["612"]}`},
		{Motivo{"01", "Con errores", true}, `{"clave":"01","descripcion":"Con errores","requiereSustitucion":true}`},
	} {
		got, err := json.Marshal(tc.v)
		if err != nil || string(got) != tc.want {
			t.Errorf("json.Marshal(%#v) = %s, %v; want %s", tc.v, got, err, tc.want)
		}
	}
}
