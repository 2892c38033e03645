//go:build !unix

package main

// defaultMaxConns is the connection cap where no file descriptor limit
// can be read.
func defaultMaxConns() int { return 4096 }
