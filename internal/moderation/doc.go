// Package moderation keeps Plateau safe among strangers: blocks between
// players, reports with their evidence, moderators' roles and actions
// with an audit log (docs/moderation.md). It decides; the store keeps
// (through the narrow BlockStore, ReportStore and ModStore), and the
// server's lobby and chat ask Blocks.Either before two players meet.
package moderation
