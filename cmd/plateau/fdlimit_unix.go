//go:build unix

package main

import "syscall"

// defaultMaxConns keeps the connection cap below the file descriptor
// limit, with room for the database and the log: over it, Accept fails
// for everyone (audit D4).
func defaultMaxConns() int {
	const want, reserve = 4096, 128
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &rl); err != nil || rl.Cur >= want+reserve {
		return want
	}
	return max(int(rl.Cur)-reserve, 16)
}
