// Package agent builds an ai.Agent from an ai.Spec. It sits apart from
// package ai because it needs the searches, which themselves need ai.
package agent
