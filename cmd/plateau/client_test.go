package main

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestClientErrors checks that a bad seat is refused before any request
// and that an error answer that is not the API's keeps its text.
func TestClientErrors(t *testing.T) {
	t.Parallel()
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "upstream down", http.StatusBadGateway)
	}))
	t.Cleanup(ts.Close)
	c := newAPIClient(ts.URL, 1)
	_, err := c.create(context.Background(), "tictactoe", true, "human", "ai:x")
	if err == nil || !strings.Contains(err.Error(), `bad seat "ai:x"`) {
		t.Errorf("seat ai:x: got %v, want a bad seat error", err)
	}
	_, err = c.create(context.Background(), "tictactoe", true, "human", "ai:3")
	var se *statusError
	if !errors.As(err, &se) || se.status != http.StatusBadGateway || se.msg != "upstream down" {
		t.Errorf("proxy error: got %v, want status 502: upstream down", err)
	}
}
