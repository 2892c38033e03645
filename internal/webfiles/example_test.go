package webfiles_test

import (
	"fmt"
	"net/http/httptest"
	"testing/fstest"

	"github.com/plateau-games/plateau/internal/webfiles"
)

// A client route gets index.html, with its entity tag.
func Example() {
	fsys := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>Plateau</title>")}, "app.js": {Data: []byte("go()")}}
	w := httptest.NewRecorder()
	webfiles.Handler(fsys)(w, httptest.NewRequest("GET", "/g/abc123", nil))
	fmt.Println(w.Code, w.Body.String(), w.Header().Get("ETag") != "")
	list, err := webfiles.Offline(fsys)
	fmt.Println(list.Files, len(list.Version), err)
	// Output:
	// 200 <!doctype html><title>Plateau</title> true
	// [/app.js] 16 <nil>
}
