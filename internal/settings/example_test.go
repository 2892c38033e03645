package settings_test

import (
	"context"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/settings"
)

func Example() {
	s := settings.New(memStore{}, time.Now)
	v := settings.Default()
	v.Confirm = settings.ConfirmCorrespondence
	fmt.Println(s.Set(context.Background(), "ada", v))
	got, _ := s.Get(context.Background(), "ada")
	fmt.Println(got.Confirm, got.Volume)
	v.Volume = 200
	fmt.Println(s.Set(context.Background(), "ada", v))
	// Output:
	// <nil>
	// correspondence 70
	// settings: not allowed: volume 200: want 0 to 100
}
