package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// goalStep is the most the content step may cost, as a share of the apply without it
// (issue 14: "the content step costs at most 30% of today's apply").
const goalStep = 0.30

// stepGoal is the content step's cost in apply: each tool's models learned once, then
// `apply -j 1` with --content off (the apply as it was before the content model) and with the
// default content join, timed interleaved on the same pages.
type stepGoal struct {
	corpus *corpus
	rows   []stepRow
}

// stepRow is one tool's apply without the content join and with it.
type stepRow struct {
	tool    string
	off, on *repeated
}

// contentStep learns each tool's models from c and times apply with and without the content
// join, repeat times each, interleaved.
func (b *bencher) contentStep(c *corpus, repeat int) *stepGoal {
	var names, phases, tools []string
	var cmds []func() []*exec.Cmd
	model := func(tool string) string { return filepath.Join(b.tmp, tool+".step-model.jsonl.zst") }
	for _, t := range b.tools {
		bin, model := filepath.Join(b.bin, t), model(t)
		if err := exec.Command(bin, append([]string{"learn", "-o", model}, c.Paths...)...).Run(); err != nil {
			b.notes = append(b.notes, fmt.Sprintf("content step: %s learn failed: %v", t, err))
			continue
		}
		tools = append(tools, t)
		for _, content := range []string{"off", "on"} {
			names, phases = append(names, t), append(phases, "apply --content "+content)
			args := append([]string{"apply", "-j", "1", "--drop-html", "--content", content, "-m", model}, c.Paths...)
			cmds = append(cmds, func() []*exec.Cmd { return []*exec.Cmd{exec.Command(bin, args...)} })
		}
	}
	rows := b.timeGroup(c, repeat, names, phases, cmds)
	g := &stepGoal{corpus: c}
	for i, t := range tools {
		g.rows = append(g.rows, stepRow{t, rows[2*i], rows[2*i+1]})
		os.Remove(model(t))
	}
	return g
}

func (g *stepGoal) doc(s *strings.Builder, repeat int) {
	c := g.corpus
	fmt.Fprintf(s, "## The content step in apply (%s)\n\n%d pages, %.1f MB of HTML; each tool's models learned once "+
		"from the same pages, then `apply -j 1 --drop-html` run %d times with `--content off` (the apply without the "+
		"content model) and %d times with the default content join, interleaved; median CPU seconds of the whole "+
		"process. The content step is the difference (the DOM parse where the tool has none of its own, segmenting, "+
		"features, trees, the join, the text); goal: at most %.0f%% of the apply without it (issue 14).\n\n",
		c.Name, c.Pages, float64(c.HTMLBytes)/1e6, repeat, repeat, goalStep*100)
	s.WriteString("| tool | apply --content off, CPU s | apply, CPU s | content step, CPU s | share of the apply without it | goal |\n|---|---|---|---|---|---|\n")
	for _, r := range g.rows {
		t, off, on := r.tool, r.off, r.on
		if off.Err != "" || on.Err != "" {
			fmt.Fprintf(s, "| %s | failed: %s | | | | |\n", t, strings.ReplaceAll(off.Err+on.Err, "|", "/"))
			continue
		}
		step := on.cpu() - off.cpu()
		share := step / max(off.cpu(), 1e-6)
		fmt.Fprintf(s, "| %s | %.2f | %.2f | %.2f | %.0f%% | <= %.0f%% %s |\n", t, off.cpu(), on.cpu(), step, share*100, goalStep*100, mark(share <= goalStep))
	}
	s.WriteString("\n")
}
