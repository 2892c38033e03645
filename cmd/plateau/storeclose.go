package main

import (
	"fmt"

	"github.com/plateau-games/plateau/internal/store"
)

// closeStore closes a store a command wrote to, saying so when its last
// writes fail: the command's work may not be saved.
func closeStore(e *env, st store.Store) {
	if err := st.Close(); err != nil {
		fmt.Fprintf(e.stderr, "plateau: closing the database: %v\n", err)
	}
}
