package catalog

import "sync"

// imageCache keeps recently served images, up to a number of bytes.
type imageCache struct {
	mu    sync.Mutex
	max   int
	size  int
	items map[string]storedImage
	order []string // oldest first
}

func newImageCache(maxBytes int) *imageCache {
	return &imageCache{max: maxBytes, items: map[string]storedImage{}}
}

func (c *imageCache) get(id string) (storedImage, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	img, ok := c.items[id]
	return img, ok
}

func (c *imageCache) put(img storedImage) {
	if len(img.Datos) > c.max/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.items[img.ID]; ok {
		return
	}
	for c.size+len(img.Datos) > c.max && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.size -= len(c.items[old].Datos)
		delete(c.items, old)
	}
	c.items[img.ID] = img
	c.order = append(c.order, img.ID)
	c.size += len(img.Datos)
}

// drop forgets a picture and its sizes.
func (c *imageCache) drop(id string) {
	c.dropKey(id)
	for _, size := range imageWidths {
		c.dropKey(sizeID(id, size, "webp"))
		c.dropKey(sizeID(id, size, "jpg"))
	}
}

func (c *imageCache) dropKey(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if img, ok := c.items[id]; ok {
		c.size -= len(img.Datos)
		delete(c.items, id)
		for i, x := range c.order {
			if x == id {
				c.order = append(c.order[:i:i], c.order[i+1:]...)
				break
			}
		}
	}
}
