// Package notifytest holds what tests of notifications share: an SMTP
// server on 127.0.0.1 (github.com/emersion/go-smtp) that keeps the
// e-mails it is sent, for the notifier's tests and the server's.
package notifytest
