package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// goalStep is the most the content step may cost, as a share of the apply without it
// (issue 14: "the content step costs at most 30% of today's apply").
const goalStep = 0.30

// stepRounds is the fewest rounds the step is timed in: the step is a difference of two
// timings that each vary by several hundredths of a second from run to run, and its share is
// read as the median of the rounds.
const stepRounds = 9

// stepCopies is how many times each apply reads the corpus. What an apply costs whatever the
// number of pages (the process's start, the site model's load, the first pages' warm-up: about
// 0.1 CPU s) is not part of the per-page cost a dump of millions of pages pays; over one copy
// of big9 it made the step's share look a quarter smaller than it is.
const stepCopies = 4

// stepGoal is the content step's cost in apply: each tool's models learned once, then
// `apply -j 1` with --content off (the apply as it was before the content model) and with the
// default content join, timed interleaved on the same pages.
type stepGoal struct {
	corpus *corpus
	rounds int
	rows   []stepRow
}

// stepRow is one tool's apply without the content join and with it.
type stepRow struct {
	tool    string
	off, on *repeated
}

// shares returns each round's step as a share of that round's apply without it, sorted: the
// two applies of a round ran one after the other, so a change in the machine's speed falls on
// both, where a difference of the two medians takes them from different rounds.
func (r stepRow) shares() []float64 {
	var out []float64
	for i := range min(len(r.off.CPU), len(r.on.CPU)) {
		if off := r.off.CPU[i].Seconds(); off > 0 {
			out = append(out, (r.on.CPU[i].Seconds()-off)/off)
		}
	}
	slices.Sort(out)
	return out
}

// quantile returns the q-quantile of sorted values (the nearest rank), 0 for none.
func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(int(q*float64(len(sorted))), len(sorted)-1)]
}

// contentStep learns each tool's models from c and times apply with and without the content
// join, repeat times each (at least stepRounds), interleaved.
func (b *bencher) contentStep(c *corpus, repeat int) *stepGoal {
	repeat = max(repeat, stepRounds)
	var names, phases, tools []string
	var cmds []func() []*exec.Cmd
	modelPath := func(tool string) string { return filepath.Join(b.tmp, tool+".step-model.jsonl.zst") }
	for _, t := range b.tools {
		bin, model := filepath.Join(b.bin, t), modelPath(t)
		if err := exec.Command(bin, append([]string{"learn", "-o", model}, c.Paths...)...).Run(); err != nil {
			b.notes = append(b.notes, fmt.Sprintf("content step: %s learn failed: %v", t, err))
			continue
		}
		tools = append(tools, t)
		for _, content := range []string{"off", "on"} {
			names, phases = append(names, t), append(phases, "apply --content "+content)
			args := []string{"apply", "-j", "1", "--drop-html", "--content", content, "-m", model}
			for range stepCopies {
				args = append(args, c.Paths...)
			}
			cmds = append(cmds, func() []*exec.Cmd { return []*exec.Cmd{exec.Command(bin, args...)} })
		}
	}
	rows := b.timeGroup(c, repeat, names, phases, cmds)
	g := &stepGoal{corpus: c, rounds: repeat}
	for i, t := range tools {
		g.rows = append(g.rows, stepRow{t, rows[2*i], rows[2*i+1]})
		os.Remove(modelPath(t))
	}
	return g
}

func (g *stepGoal) doc(s *strings.Builder) {
	c := g.corpus
	fmt.Fprintf(s, "## The content step in apply (%s)\n\n%d pages, %.1f MB of HTML; each tool's models learned once "+
		"from the same pages, then `apply -j 1 --drop-html` of %d copies of them run in %d rounds, each round once with `--content off` (the "+
		"apply without the content model) and once with the default content join, one after the other; CPU seconds of "+
		"the whole process. The content step is what the join adds (the DOM parse where the tool has none of its own, "+
		"segmenting, features, trees, the join, the text); its share is each round's step over that round's apply "+
		"without it, the median of the rounds and their middle half given; goal: at most %.0f%% (issue 14).\n\n",
		c.Name, c.Pages, float64(c.HTMLBytes)/1e6, stepCopies, g.rounds, goalStep*100)
	s.WriteString("| tool | apply --content off, CPU s (median) | apply, CPU s (median) | share of the apply without it (median of rounds) | middle half of rounds | goal |\n|---|---|---|---|---|---|\n")
	for _, r := range g.rows {
		t, off, on := r.tool, r.off, r.on
		if off.Err != "" || on.Err != "" {
			fmt.Fprintf(s, "| %s | failed: %s | | | | |\n", t, strings.ReplaceAll(off.Err+on.Err, "|", "/"))
			continue
		}
		sh := r.shares()
		share := quantile(sh, 0.5)
		fmt.Fprintf(s, "| %s | %.2f | %.2f | %.0f%% | %.0f%%-%.0f%% | <= %.0f%% %s |\n", t, off.cpu(), on.cpu(), share*100,
			quantile(sh, 0.25)*100, quantile(sh, 0.75)*100, goalStep*100, mark(share <= goalStep))
	}
	s.WriteString("\n")
}
