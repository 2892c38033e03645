package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/plateau-games/plateau/internal/store"
)

// pgDump is the advice for a PostgreSQL database: pg_dump is made for
// it, and knows versions and options plateau does not.
const pgDump = `plateau: a PostgreSQL database is backed up with pg_dump, e.g.
  pg_dump --format=custom --file=%s '%s'
and restored with pg_restore (see README, "Backups")`

func cmdBackup(e *env, args []string) int {
	fs := newFlags(e, "backup", "[--db FILE] OUT", `
Copy the games database into a new file OUT, consistently, while a
server may be running on it (SQLite's VACUUM INTO). For PostgreSQL,
print the pg_dump command to use instead.`)
	db := fs.String("db", "plateau.db", "SQLite file, or postgres:// DSN")
	if st, done := parseFlags(e, fs, args); done {
		return st
	}
	if fs.NArg() != 1 {
		return fail(e, fmt.Errorf("%w: plateau backup takes one argument, the new file", errUsage))
	}
	out := fs.Arg(0)
	if strings.HasPrefix(*db, "postgres://") || strings.HasPrefix(*db, "postgresql://") {
		fmt.Fprintf(e.stderr, pgDump+"\n", out, redact(*db))
		return exitBadInput
	}
	n, err := store.BackupSQLite(context.Background(), *db, out)
	if err != nil {
		return fail(e, err)
	}
	fmt.Fprintf(e.stdout, "plateau: %d games backed up from %s to %s\n", n, *db, out)
	return exitOK
}
