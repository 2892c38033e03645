package server

import (
	"errors"
	"fmt"
	"net/http"
)

// apiError is an error with the HTTP status it must be answered with and
// a short reason for the rejection metrics.
type apiError struct {
	status int
	reason string
	msg    string
}

// Error returns the message the client sees.
func (e *apiError) Error() string { return e.msg }

func errorf(status int, reason, format string, args ...any) error {
	return &apiError{status: status, reason: reason, msg: fmt.Sprintf(format, args...)}
}

// statusOf returns the HTTP status and reason of an error: an apiError
// carries its own, anything else is a server failure.
func statusOf(err error) (int, string) {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae.status, ae.reason
	}
	return http.StatusInternalServerError, "internal"
}

// Errors shared by several endpoints.
var (
	errNotFound  = &apiError{http.StatusNotFound, "not_found", "no such game"}
	errForbidden = &apiError{http.StatusForbidden, "forbidden", "this token is not a seat of this game"}
	errGameOver  = &apiError{http.StatusConflict, "game_over", "the game is over"}
	errClosing   = &apiError{http.StatusServiceUnavailable, "closing", "the server is shutting down"}
)
