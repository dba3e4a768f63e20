package ampl

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chaffkit/chaff/lib/htmltext"
	"github.com/chaffkit/chaff/lib/metric"
)

// TestDiagnoseSite prints per-page precision and recall of one real site under Default()
// with min-words 25: AMPL_SITE=everywhereist.com AMPL_SETS=dragnet-even (AMPL_SHOW=1 prints
// the first page's gold and text).
func TestDiagnoseSite(t *testing.T) {
	site := os.Getenv("AMPL_SITE")
	if site == "" {
		t.Skip()
	}
	pages := readSet(t, filepath.Join(dataDir(t), os.Getenv("AMPL_SETS")+".jsonl.zst"))
	var ps []realPage
	var html []string
	for _, p := range pages {
		if p.Site == site {
			ps = append(ps, p)
			html = append(html, p.HTML)
		}
	}
	o := Default()
	o.MinWords = 25
	m, _ := Learn(html, o)
	for _, p := range ps {
		text := m.Text(p.HTML)
		all := htmltext.Render(p.HTML)
		c := metric.ShingleCounts(text, p.Gold)
		pr, _ := c.Precision()
		rc, _ := c.Recall()
		t.Logf("%s len html %d all %d text %d gold %d P %.2f R %.2f", p.ID, len(p.HTML), len(all), len(text), len(p.Gold), pr, rc)
	}
	if os.Getenv("AMPL_SHOW") != "" {
		t.Logf("GOLD: %.1500s", ps[0].Gold)
		t.Logf("TEXT: %.3000s", m.Text(ps[0].HTML))
	}
}
