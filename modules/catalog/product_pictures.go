package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/pkg/apperr"
)

// The pictures of a product write: the main picture (imagen), the list in order
// (details.imagenes) and the brand's logo (marca_logo). Each is a new upload (a data URL), one of
// our images or an external http(s) address; uploads are checked and resized like every picture
// (images.go, image_renditions.go) before the write takes any lock, and stored with the product.

// uploads are the new uploads of a product write, checked and resized, by their data URL.
type uploads map[string]*preparedImage

// prepareUploads checks and resizes every new upload the input carries; an error names the field.
func (s *Service) prepareUploads(ctx context.Context, in *ProductInput) (uploads, error) {
	up := uploads{}
	add := func(field string, v *string) error {
		if v == nil {
			return nil
		}
		t := strings.TrimSpace(*v)
		if !strings.HasPrefix(t, "data:") || up[t] != nil {
			return nil
		}
		img, err := parseDataURL(t)
		if err == nil {
			up[t], err = s.prepareImage(ctx, img)
		}
		return onField(err, field)
	}
	if err := add("imagen", in.Imagen); err != nil {
		return nil, err
	}
	if err := add("marca_logo", in.MarcaLogo); err != nil {
		return nil, err
	}
	if in.Details != nil {
		for i := range in.Details.Imagenes {
			if err := add(fmt.Sprintf("details.imagenes[%d]", i), &in.Details.Imagenes[i]); err != nil {
				return nil, err
			}
		}
	}
	return up, nil
}

// onField moves a picture's error from the field imagen to field.
func onField(err error, field string) error {
	var ae *apperr.Error
	if err == nil || field == "imagen" || !errors.As(err, &ae) {
		return err
	}
	msg, ok := ae.Fields["imagen"]
	if !ok {
		return err
	}
	return apperr.InvalidFields(ae.Message, map[string]string{field: msg})
}

// resolve returns the URL the product keeps for v: an upload's /v1/imagenes/{id}, or v itself
// when it is an address a product may show; an error names the field otherwise.
func (up uploads) resolve(field, v string) (string, error) {
	v = strings.TrimSpace(v)
	if p := up[v]; p != nil {
		return imageURLPrefix + p.image.ID, nil
	}
	return v, onField(checkImageURL(v), field)
}

// resolvePictures puts the URLs of the input's pictures in place of its uploads.
func (in *ProductInput) resolvePictures(up uploads) error {
	if in.Imagen != nil {
		v, err := up.resolve("imagen", *in.Imagen)
		if err != nil {
			return err
		}
		in.Imagen = &v
	}
	if in.MarcaLogo != nil {
		v, err := up.resolve("marca_logo", *in.MarcaLogo)
		if err != nil {
			return err
		}
		in.MarcaLogo = &v
	}
	if in.Details != nil && in.Details.Imagenes != nil {
		d := *in.Details
		d.Imagenes = make([]string, 0, len(in.Details.Imagenes))
		for i, img := range in.Details.Imagenes {
			v, err := up.resolve(fmt.Sprintf("details.imagenes[%d]", i), img)
			if err != nil {
				return err
			}
			if v != "" && !slices.Contains(d.Imagenes, v) {
				d.Imagenes = append(d.Imagenes, v)
			}
		}
		in.Details = &d
	}
	return nil
}

// save stores the uploads the product shows.
func (s *Service) saveUploads(ctx context.Context, up uploads) error {
	for _, p := range up {
		if err := s.save(ctx, p); err != nil {
			return err
		}
	}
	return nil
}

// forgetImages deletes the uploaded pictures the old product showed and the new one (nil when
// deleted) does not, when no other product shows them.
func (s *Service) forgetImages(ctx context.Context, old Product, id bson.ObjectID, now *Product) {
	var kept []string
	if now != nil {
		kept = pictureURLs(now)
	}
	for _, url := range pictureURLs(&old) {
		imgID := uploadedImageID(url)
		if imgID == "" || slices.Contains(kept, url) || s.memory.usesImage(url, id) {
			continue
		}
		if err := s.store.deleteImage(context.WithoutCancel(ctx), imgID); err != nil {
			s.log.Warn().Err(err).Str("image", imgID).Msg("unused image not deleted")
		}
		s.images.drop(imgID)
	}
}
