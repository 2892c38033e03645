package main

import (
	"testing"
	"time"

	"github.com/plateau-games/plateau/internal/server"
)

func TestParseRateLimits(t *testing.T) {
	t.Parallel()
	def := server.Limits{Create: server.Rate{N: 30, Per: time.Minute}, Move: server.Rate{N: 10, Per: time.Second},
		Request: server.Rate{N: 30, Per: time.Minute}, Export: server.Rate{N: 30, Per: time.Minute}}
	moves := def
	moves.Move = server.Rate{N: 50, Per: time.Second}
	noExport := def
	noExport.Export = server.Rate{}
	for _, tc := range []struct {
		in   string
		want server.Limits
	}{
		{defaultLimits, def},
		{"", def},
		{"move=50/s", moves},
		{"export=off", noExport},
		{"off", server.Limits{}},
	} {
		got, err := parseRateLimits(tc.in)
		if err != nil || got.Create != tc.want.Create || got.Move != tc.want.Move || got.Request != tc.want.Request || got.Export != tc.want.Export {
			t.Errorf("%q: got %+v, %v, want %+v", tc.in, got, err, tc.want)
		}
	}
}
