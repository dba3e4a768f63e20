package rtdm_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chaffkit/chaff/lib/devdata"
	"github.com/chaffkit/chaff/lib/rtdm"
	"github.com/chaffkit/chaff/lib/synth"
)

// TestDebugPage prints the passages of one page (CHAFF_RTDM_DEBUG=<set>:<id>), learning from
// its site's pages in the set (set "shapes": lib/synth's plain shapes, seed 1): a tool for
// studying the extraction, skipped otherwise.
func TestDebugPage(t *testing.T) {
	arg := os.Getenv("CHAFF_RTDM_DEBUG")
	if arg == "" {
		t.Skip("set CHAFF_RTDM_DEBUG=<set>:<id>")
	}
	set, id, _ := strings.Cut(arg, ":")
	var pages []devdata.Page
	if set == "shapes" {
		shapes, err := synth.GenerateShapes(1, synth.Shapes())
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range shapes {
			pages = append(pages, devdata.Page{ID: p.ID, Site: p.Site, HTML: p.HTML, Gold: p.Gold})
		}
	} else {
		pages = devPages(t, set)
	}
	site := ""
	for _, p := range pages {
		if p.ID == id {
			site = p.Site
		}
	}
	var pgs []*rtdm.Page
	target := -1
	for _, p := range pages {
		if p.Site == site {
			if p.ID == id {
				target = len(pgs)
			}
			pgs = append(pgs, rtdm.NewPage(p.HTML))
		}
	}
	m, cl := rtdm.Learn(pgs, rtdm.DefaultOptions)
	fmt.Println("clusters", cl)
	ex, err := m.Extract(pgs[target], rtdm.DefaultOptions)
	fmt.Println("err", err, "cluster", ex.Cluster, "cost", ex.Cost, "soft", ex.Soft, "title", ex.Title, "body", ex.Body, "doctitle", rtdm.DocTitle(pgs[target].Tree))
	for i, p := range ex.Passages {
		fmt.Printf("%3d pos=%5d %s w=%4d links=%4d comments=%v head=%v roots=%v %.150q\n", i, p.Pos, p.Kind, p.Words, p.LinkWords, p.Comments, p.InHead, p.Roots, p.Text)
	}
	if ex.Body >= 0 {
		pg := pgs[target]
		for _, r := range ex.Passages[ex.Body].Roots {
			one := []rtdm.Passage{{Roots: []int32{r}}}
			rtdm.FillText(pg.Tree, one)
			lw, texts := 0, 0
			for i := int(r); i < int(r)+int(pg.Tree.Nodes[r].Size); i++ {
				n := &pg.Tree.Nodes[i]
				if n.Tag != rtdm.TextTag {
					continue
				}
				texts++
				for a := n.Parent; a > r; a = pg.Tree.Nodes[a].Parent {
					if pg.Tree.Nodes[a].Tag == "a" {
						q := []rtdm.Passage{{Roots: []int32{int32(i)}}}
						rtdm.FillText(pg.Tree, q)
						lw += q[0].Words
						break
					}
				}
			}
			fmt.Printf("   root %d <%s> w=%d link=%d texts=%d %.120q\n", r, pg.Tree.Nodes[r].Tag, one[0].Words, lw, texts, one[0].Text)
		}
	}
	if os.Getenv("CHAFF_RTDM_PATTERN") != "" {
		for _, p := range m.Patterns {
			if p.Cluster == ex.Cluster {
				p.Tree.Indent(os.Stdout, 50)
			}
		}
	}
}
