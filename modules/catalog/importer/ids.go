package importer

import (
	"strconv"

	"go.mongodb.org/mongo-driver/v2/bson"

	"tienda/modules/catalog"
)

// importMovementID is the id of the stock movement of an import's row: the same at every run of
// the import, so the row's adjustment is written once. Its time is the import's.
func importMovementID(job bson.ObjectID, row int) bson.ObjectID {
	return catalog.IDFrom(job, "importacion:"+job.Hex()+":fila:"+strconv.Itoa(row))
}

// importProductID is the id of the product an import creates from the product's first row: the
// same at every run of the import, so the product is created once.
func importProductID(job bson.ObjectID, row int) bson.ObjectID {
	return catalog.IDFrom(job, "importacion:"+job.Hex()+":producto:"+strconv.Itoa(row))
}
