package cli

import (
	"fmt"
	"slices"
	"strings"

	"github.com/chaffkit/chaff/lib/page"
	ucli "github.com/urfave/cli/v2"
)

// Sample is what the commands that analyse whole sites (ampl peaks, ngramcut path) read:
// each site's first --sample pages, copies of a page kept once as learn keeps them.
type Sample struct {
	Sites []string                // the sites sampled, sorted by key
	Pages map[string][]*page.Page // by site: its sample, copies left out
	// Known counts the pages (with html) of every site of the input, sampled or not, so that
	// a --site naming no site of the input can say which there are.
	Known map[string]int
}

// Sample reads every page and keeps each site's first --sample pages (only site only's
// when only is not ""), then leaves out the copies of a page (same visible text, numbers
// aside) as learn does: an analysis of a site sees what learning sees. Pages are counted as
// consumed.counted (sampled, copies included) or consumed.not-sampled. When only names no
// site of the input, it says so (naming the sites there are), closes e and returns the
// data-failure exit.
func (e *Env) Sample(only string) (*Sample, error) {
	limit := e.Ctx.Int(FlagSample)
	s := &Sample{Pages: map[string][]*page.Page{}, Known: map[string]int{}}
	for {
		p, err := e.NextPage()
		if err != nil {
			break
		}
		s.Known[p.Site]++
		if (only != "" && p.Site != only) || (limit > 0 && len(s.Pages[p.Site]) >= limit) {
			e.Consume(p.Rec, "not-sampled")
			continue
		}
		if s.Pages[p.Site] == nil {
			s.Sites = append(s.Sites, p.Site)
		}
		s.Pages[p.Site] = append(s.Pages[p.Site], p)
		e.Consume(p.Rec, "counted")
	}
	for site, ps := range s.Pages {
		s.Pages[site] = distinct(ps)
	}
	slices.Sort(s.Sites)
	if only != "" && len(s.Sites) == 0 {
		e.Warnf("%s", s.NoSuchSite(only))
		e.Close()
		return nil, ucli.Exit("", ExitFailure)
	}
	return s, nil
}

// NoSuchSite says that the input has no page of site, and names a few of the sites it has
// (the largest first), for a --site that matched nothing.
func (s *Sample) NoSuchSite(site string) string {
	if len(s.Known) == 0 {
		return fmt.Sprintf("no page of site %q: the input has no page with html", site)
	}
	names := make([]string, 0, len(s.Known))
	for n := range s.Known {
		names = append(names, n)
	}
	slices.SortFunc(names, func(a, b string) int {
		if s.Known[a] != s.Known[b] {
			return s.Known[b] - s.Known[a]
		}
		return strings.Compare(a, b)
	})
	const few = 5
	var list []string
	for _, n := range names[:min(few, len(names))] {
		list = append(list, fmt.Sprintf("%s (%d pages)", n, s.Known[n]))
	}
	more := ""
	if len(names) > few {
		more = fmt.Sprintf(" and %d more", len(names)-few)
	}
	return fmt.Sprintf("no page of site %q; the input's sites (keys as --site-key makes them): %s%s",
		site, strings.Join(list, ", "), more)
}
