package web_test

import (
	"fmt"
	"io/fs"

	"github.com/plateau-games/plateau/web"
)

func ExampleFS() {
	_, err := fs.Stat(web.FS(), "index.html")
	fmt.Println(err == nil)
	// Output: true
}
