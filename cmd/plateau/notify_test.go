package main

import (
	"strings"
	"testing"
)

// TestServeNotifyFlags: the e-mail flags are refused with a clear
// message unless they make a whole SMTP configuration.
func TestServeNotifyFlags(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--help"}, "-smtp-from"},
		{[]string{"serve", "--smtp", "mail.example"}, "bad --smtp"},
		{[]string{"serve", "--smtp", ":25", "--smtp-from", "plateau@play.example"}, "bad --smtp"},
		{[]string{"serve", "--smtp", "mail.example:25"}, "bad --smtp-from"},
		{[]string{"serve", "--smtp", "mail.example:25", "--smtp-from", "Plateau <plateau@play.example>"}, "bad --smtp-from"},
		{[]string{"serve", "--smtp-from", "plateau@play.example"}, "need --smtp"},
		{[]string{"serve", "--smtp-user", "plateau"}, "need --smtp"},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, errOut, status := runCmd(t, "", tc.args...)
			if !strings.Contains(out+errOut, tc.want) || (tc.args[1] != "--help" && status == 0) {
				t.Errorf("got %q %q (status %d), want %q and a failure", out, errOut, status, tc.want)
			}
		})
	}
}
