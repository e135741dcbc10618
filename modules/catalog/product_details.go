package catalog

import (
	"fmt"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// The product's details as the form edits them (ProductInput.Details): its features, its
// resources (a name and a link) and its pictures in order. The lengths (up to 50 features, 20
// resources, 10 pictures) are checked by the validator's tags; the rest here, with a Spanish
// message per item.

// Recurso is a document of a product (a data sheet, a manual, a video): its name and its link.
type Recurso struct {
	Nombre string `bson:"nombre" json:"nombre" validate:"max=120"`
	Link   string `bson:"link" json:"link" validate:"max=2000"`
}

// UnmarshalBSONValue reads a resource as stored, or as a bare link (how earlier versions kept one).
func (r *Recurso) UnmarshalBSONValue(typ byte, data []byte) error {
	raw := bson.RawValue{Type: bson.Type(typ), Value: data}
	if s, ok := raw.StringValueOK(); ok {
		*r = Recurso{Nombre: "Recurso", Link: s}
		return nil
	}
	type plain Recurso
	var p plain
	if err := raw.Unmarshal(&p); err != nil {
		return err
	}
	*r = Recurso(p)
	return nil
}

// DetailsInput is the details part of a product write; a field left out keeps its value.
type DetailsInput struct {
	Caracteristicas []string  `json:"caracteristicas" validate:"omitempty,max=50,dive,max=300"`
	Recursos        []Recurso `json:"recursos" validate:"omitempty,max=20,dive"`
	// Imagenes are data URLs (new uploads), /v1/imagenes/... (kept) or external http(s) URLs.
	Imagenes    []string `json:"imagenes" validate:"omitempty,max=10"`
	Iconos      *Iconos  `json:"iconos"`
	ImgPortada  *string  `json:"img_portada" validate:"omitempty,max=2000"`
	Descripcion *string  `json:"descripcion" validate:"omitempty,max=10000"`
}

// applyDetails writes the details the input sends over the product's, checking each feature and
// resource. The pictures were resolved to URLs by the caller (resolvePictures).
func (in *ProductInput) applyDetails(p *Product, f apperr.Fields) {
	d := in.Details
	if d == nil {
		return
	}
	if p.Details == nil {
		p.Details = &Details{Caracteristicas: []string{}, Recursos: []Recurso{}, Imagenes: []string{}}
	}
	if d.Caracteristicas != nil {
		cs := make([]string, 0, len(d.Caracteristicas))
		for i, c := range d.Caracteristicas {
			c = strings.TrimSpace(c)
			if c == "" {
				f.Add(fmt.Sprintf("details.caracteristicas[%d]", i), "Escribe la característica o quítala de la lista.")
			}
			cs = append(cs, c)
		}
		p.Details.Caracteristicas = cs
	}
	if d.Recursos != nil {
		rs := make([]Recurso, 0, len(d.Recursos))
		for i, r := range d.Recursos {
			r = Recurso{Nombre: strings.TrimSpace(r.Nombre), Link: strings.TrimSpace(r.Link)}
			if r.Nombre == "" {
				f.Add(fmt.Sprintf("details.recursos[%d].nombre", i), "Escribe el nombre del recurso, por ejemplo «Hoja de datos».")
			}
			if !isWebLink(r.Link) {
				f.Add(fmt.Sprintf("details.recursos[%d].link", i), "Escribe una dirección web completa que empiece con http:// o https://.")
			}
			rs = append(rs, r)
		}
		p.Details.Recursos = rs
	}
	if d.Iconos != nil {
		p.Details.Iconos = *d.Iconos
	}
	if d.ImgPortada != nil {
		p.Details.ImgPortada = strings.TrimSpace(*d.ImgPortada)
	}
	if d.Descripcion != nil {
		p.Details.Descripcion = *d.Descripcion
	}
}

// isWebLink reports whether s is an http(s) address with a host and no spaces or quotes.
func isWebLink(s string) bool {
	rest, ok := strings.CutPrefix(s, "https://")
	if !ok {
		rest, ok = strings.CutPrefix(s, "http://")
	}
	host, _, _ := strings.Cut(rest, "/")
	return ok && host != "" && !strings.HasPrefix(host, ".") && len(s) <= 2000 && !strings.ContainsAny(s, " \t\n\"'<>")
}

// pictureURLs are the product's pictures that may be uploads of ours: the main one, the list and
// the brand's logo.
func pictureURLs(p *Product) []string {
	urls := []string{p.Imagen, p.ImgPortada, p.MarcaLogo}
	if p.Details != nil {
		urls = append(urls, p.Details.Imagenes...)
	}
	return urls
}
