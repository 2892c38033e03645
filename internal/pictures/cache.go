package pictures

import (
	"crypto/sha256"
	"encoding/hex"
	"sync"
)

// Cache keeps rendered images by the content they show, up to a number
// of bytes, dropping the oldest first. It is safe for concurrent use.
type Cache struct {
	mu    sync.Mutex
	max   int
	size  int
	data  map[string][]byte
	order []string
}

// NewCache returns a cache holding up to max bytes of images.
func NewCache(max int) *Cache {
	return &Cache{max: max, data: map[string][]byte{}}
}

// ETag returns the entity tag of the image a key describes: the same
// content has the same tag on every server.
func ETag(key string) string {
	sum := sha256.Sum256([]byte(key))
	return `"` + hex.EncodeToString(sum[:16]) + `"`
}

// Get returns the image of a key, if kept.
func (c *Cache) Get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.data[key]
	return b, ok
}

// Put keeps the image of a key; one bigger than the whole cache is not
// kept.
func (c *Cache) Put(key string, b []byte) {
	if len(b) > c.max {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.data[key]; ok {
		return
	}
	for c.size+len(b) > c.max && len(c.order) > 0 {
		old := c.order[0]
		c.order = c.order[1:]
		c.size -= len(c.data[old])
		delete(c.data, old)
	}
	c.data[key] = b
	c.order = append(c.order, key)
	c.size += len(b)
}
