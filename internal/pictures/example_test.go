package pictures_test

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/plateau-games/plateau/game"
	"github.com/plateau-games/plateau/games/oshi"
	"github.com/plateau-games/plateau/internal/pictures"
)

func Example() {
	r, err := pictures.New()
	if err != nil {
		panic(err)
	}
	s, _ := oshi.Game().Start(game.Options{})
	if _, err := game.PlayChecked(s, "e3e4"); err != nil {
		panic(err)
	}
	var b bytes.Buffer
	sc := pictures.Scene{State: s, Last: 1, Caption: pictures.Caption{Title: "Oshi", Names: [2]string{"Ada", "Grace"}}}
	if err := r.PNG(&b, sc, 300, 200); err != nil {
		panic(err)
	}
	img, _ := png.Decode(&b)
	fmt.Println(img.Bounds().Dx(), img.Bounds().Dy())
	// Output: 300 200
}
