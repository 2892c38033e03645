// Package record reads and writes game records: one game a line, as a
// JSON object, in the format of docs/records.md. The match runner writes
// it and the server exports it; it depends only on package game.
package record
