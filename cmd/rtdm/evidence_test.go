package main

import (
	"testing"

	"github.com/chaffkit/chaff/lib/clitest"
)

// TestEvidence: on two synthetic sites, site A's pages fit A's model and B's do not, and
// the template evidence covers A's template and not its gold text (clitest.CheckEvidence).
func TestEvidence(t *testing.T) {
	clitest.CheckEvidence(t, clitest.Configure(t, tool()), 0.45) // measured .50: what varies (menus, lists) is consumed by wildcards, not template
}

// TestOneParse: run, learn and show parse each page once (a sample page's tree serves
// learning and applying).
func TestOneParse(t *testing.T) {
	clitest.CheckOneParse(t, run, "rtdm")
}
