package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net"

	"github.com/plateau-games/plateau/internal/notify"
	"github.com/plateau-games/plateau/internal/server"
	"github.com/plateau-games/plateau/internal/store"
)

// smtpPasswordEnv holds the SMTP password: a flag would show it to
// anyone who lists the machine's processes.
const smtpPasswordEnv = "PLATEAU_SMTP_PASSWORD"

// notifyOpts are the flags of the notifications sent out of the page.
type notifyOpts struct {
	smtp, from, user string
}

func (o *notifyOpts) define(fs *flag.FlagSet) {
	fs.StringVar(&o.smtp, "smtp", "", "host:port of the SMTP server that sends the players' e-mails (off by default; STARTTLS when offered)")
	fs.StringVar(&o.from, "smtp-from", "", "sender address of the e-mails (required with --smtp)")
	fs.StringVar(&o.user, "smtp-user", "", "SMTP user name, if the server wants one; the password is read from $"+smtpPasswordEnv)
}

// mailer checks the flags and returns the SMTP settings, nil without --smtp.
func (o *notifyOpts) mailer(getenv func(string) string) (*notify.SMTP, error) {
	if o.smtp == "" {
		if o.from != "" || o.user != "" {
			return nil, fmt.Errorf("%w: --smtp-from and --smtp-user need --smtp", errUsage)
		}
		return nil, nil
	}
	if host, port, err := net.SplitHostPort(o.smtp); err != nil || host == "" || port == "" {
		return nil, fmt.Errorf("%w: bad --smtp %q: want host:port", errUsage, o.smtp)
	}
	from, err := notify.CheckEmail(o.from)
	if err != nil {
		return nil, fmt.Errorf("%w: bad --smtp-from: %w", errUsage, err)
	}
	s := &notify.SMTP{Addr: o.smtp, From: from, User: o.user}
	if o.user != "" {
		s.Password = getenv(smtpPasswordEnv)
	}
	return s, nil
}

// newNotifier makes the notifier of a server: its VAPID keys are made on
// the first start and kept in st; links in e-mails and webhooks use
// --public-url.
func newNotifier(ctx context.Context, st store.Store, cfg server.Config, mail *notify.SMTP, log *slog.Logger) (*notify.Notifier, error) {
	base := ""
	if cfg.PublicURL != nil {
		base = cfg.PublicURL.String()
	}
	return notify.New(ctx, notify.Config{Store: st, BaseURL: base, SMTP: mail, Current: notify.StillToAct(st), Log: log})
}
