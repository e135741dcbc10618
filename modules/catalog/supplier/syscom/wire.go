package syscom

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// The distributor's JSON as it comes: the same field is a string in one answer and a number in
// the next, an object may be an empty list when it has nothing, and any field may be missing or
// null. These types take each of those and give one Go value; what cannot be read is an error,
// never a silent zero.

// text is a JSON string or number, as a string ("" for null or missing).
type text string

func (t *text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	switch {
	case string(b) == "null":
		*t = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = text(s)
	case len(b) > 0 && (b[0] == '-' || (b[0] >= '0' && b[0] <= '9')):
		*t = text(b)
	default:
		return fmt.Errorf("want a string or a number, got %.30s", b)
	}
	return nil
}

// count is a whole number sent as a number or a string of one ("12", "12.0"); 0 for null, missing
// or "".
type count int

func (c *count) UnmarshalJSON(b []byte) error {
	var t text
	if err := t.UnmarshalJSON(b); err != nil {
		return err
	}
	whole, frac, _ := strings.Cut(string(t), ".")
	v, err := parseDecimal(whole, 0)
	if err != nil || strings.Trim(frac, "0") != "" || v != int64(int(v)) {
		return fmt.Errorf("want a whole number, got %.30s", b)
	}
	*c = count(v)
	return nil
}

// object reads b as a JSON object into m; an empty list, null or nothing is an empty object.
func object(b []byte, m *map[string]json.RawMessage) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || string(b) == "null" || (b[0] == '[' && bytes.Equal(bytes.Join(bytes.Fields(b), nil), []byte("[]"))) {
		*m = map[string]json.RawMessage{}
		return nil
	}
	return json.Unmarshal(b, m)
}

// loose is an object that may come as an empty list (iconos, volumen, existencia).
type loose map[string]json.RawMessage

func (l *loose) UnmarshalJSON(b []byte) error {
	var m map[string]json.RawMessage
	if err := object(b, &m); err != nil {
		return err
	}
	*l = m
	return nil
}

type wireCategory struct {
	ID            text           `json:"id"`
	Nombre        string         `json:"nombre"`
	Nivel         count          `json:"nivel"`
	Subcategorias []wireCategory `json:"subcategorias"`
}

type wireBrand struct {
	ID     text   `json:"id"`
	Nombre string `json:"nombre"`
	Logo   string `json:"logo"`
}

type wirePrices struct {
	Precio1   text  `json:"precio_1"`
	Especial  text  `json:"precio_especial"`
	Descuento text  `json:"precio_descuento"`
	Lista     text  `json:"precio_lista"`
	Volumen   loose `json:"volumen"`
}

type wireProduct struct {
	ID              text           `json:"producto_id"`
	Modelo          text           `json:"modelo"`
	Titulo          string         `json:"titulo"`
	Marca           string         `json:"marca"`
	MarcaLogo       string         `json:"marca_logo"`
	SatKey          text           `json:"sat_key"`
	ImgPortada      string         `json:"img_portada"`
	Link            string         `json:"link"`
	LinkPrivado     string         `json:"link_privado"`
	Categorias      []wireCategory `json:"categorias"`
	Precios         wirePrices     `json:"precios"`
	TotalExistencia count          `json:"total_existencia"`
	Existencia      loose          `json:"existencia"`
	Unidad          struct {
		Codigo   text   `json:"codigo_unidad"`
		Nombre   string `json:"nombre"`
		ClaveSAT string `json:"clave_unidad_sat"`
	} `json:"unidad_de_medida"`
	Peso            text   `json:"peso"`
	Alto            text   `json:"alto"`
	Largo           text   `json:"largo"`
	Ancho           text   `json:"ancho"`
	Pvol            text   `json:"pvol"`
	Iconos          loose  `json:"iconos"`
	Descripcion     string `json:"descripcion"`
	Caracteristicas []text `json:"caracteristicas"`
	Imagenes        []struct {
		Imagen string `json:"imagen"`
		Orden  count  `json:"orden"`
	} `json:"imagenes"`
	Recursos []struct {
		Recurso string `json:"recurso"`
		Path    string `json:"path"`
	} `json:"recursos"`
}

type wirePage struct {
	Cantidad  count         `json:"cantidad"`
	Pagina    count         `json:"pagina"`
	Paginas   count         `json:"paginas"`
	Productos []wireProduct `json:"productos"`
}

type wireRates struct {
	Normal       text `json:"normal"`
	Preferencial text `json:"preferencial"`
	UnDia        text `json:"un_dia"`
	UnaSemana    text `json:"una_semana"`
	DosSemanas   text `json:"dos_semanas"`
	TresSemanas  text `json:"tres_semanas"`
	UnMes        text `json:"un_mes"`
}

// measure reads a weight or a dimension ("2.39", 12); 0 when missing.
func measure(t text) (float64, error) {
	s := strings.TrimSpace(string(t))
	if s == "" {
		return 0, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("not a measure: %q", s)
	}
	return v, nil
}
