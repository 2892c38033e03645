package api

import "time"

// Me answers GET /api/me (and every change of the player's own
// settings): the player the request's session belongs to.
type Me struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Guest is true until the player signs up.
	Guest bool `json:"guest"`
	// Username is the account's login name, absent for a guest.
	Username string    `json:"username,omitempty"`
	Joined   time.Time `json:"joined"`
}

// NameRequest is the body of PATCH /api/me (or POST /api/me/name): a new
// display name.
type NameRequest struct {
	Name string `json:"name"`
}
