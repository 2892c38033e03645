package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/plateau-games/plateau/internal/moderation"
	"github.com/plateau-games/plateau/internal/store"
)

func cmdAdmin(e *env, args []string) int {
	fs := newFlags(e, "admin", "[--db FILE] role PLAYER admin|moderator|none", `
Give a player a role on the server's database, or take it away (none):
moderators see the moderation queue and act on reports; administrators
also close accounts, give roles from the page and read every moderator's
actions. PLAYER is an account's username or a player id. Every change is in
the moderation audit log, as by "plateau admin" (docs/moderation.md).`)
	db := fs.String("db", "plateau.db", "SQLite file, or postgres:// DSN")
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	if fs.NArg() != 3 || fs.Arg(0) != "role" {
		return fail(e, fmt.Errorf("%w: plateau admin role PLAYER admin|moderator|none", errUsage))
	}
	role := moderation.Role(fs.Arg(2))
	switch role {
	case moderation.Admin, moderation.Moderator:
	case "none":
		role = moderation.NoRole
	default:
		return fail(e, fmt.Errorf("%w: the role is admin, moderator or none, not %q", errUsage, fs.Arg(2)))
	}
	ctx := context.Background()
	st, err := store.Open(ctx, *db, nil)
	if err != nil {
		return fail(e, err)
	}
	defer closeStore(e, st)
	return setRole(e, ctx, st, fs.Arg(1), role)
}

func setRole(e *env, ctx context.Context, st store.Store, ref string, role moderation.Role) int {
	ms, ok := st.(store.Moderation)
	if !ok {
		return fail(e, errors.New("plateau admin: this database keeps no roles"))
	}
	id, err := st.FindPlayer(ctx, ref)
	if errors.Is(err, store.ErrNoPlayer) {
		return fail(e, fmt.Errorf("%w: no such player: %q", errUsage, ref))
	}
	if err != nil {
		return fail(e, err)
	}
	if err := ms.SetRole(ctx, id, role, "plateau admin", time.Now()); err != nil {
		return fail(e, err)
	}
	if role == moderation.NoRole {
		fmt.Fprintf(e.stdout, "plateau: %s (%s) has no role now\n", ref, id)
	} else {
		fmt.Fprintf(e.stdout, "plateau: %s (%s) is %s now\n", ref, id, role)
	}
	return exitOK
}
