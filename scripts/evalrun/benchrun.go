package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"
)

// The goals of issues 14 and 15, measured side by side: `run -j 1` of every tool on big9
// (--content off, and the default content join) and chaff extract, each against
// go-trafilatura on the same pages; the content step's cost in `apply -j 1` against the apply
// without it (benchstep.go); ingest (`map` of a .warc.gz) against `gzip -dc` of the
// same file; and, with --memory, peak RSS of map and run as the input grows (1x, 3x, 10x
// the same pages).

// goalRun is the least ratio of a tool's pages per CPU second to go-trafilatura's (issue 15
// for --content off, issue 14 for the default).
const goalRun = 5.0

// goalIngest is the most ingest CPU time may be of bare decompression's.
const goalIngest = 1.2

// repeated is one command timed several times, interleaved with the others of its group:
// the median CPU and wall time, the largest peak RSS.
type repeated struct {
	Name, Phase string
	Pages       int
	HTMLBytes   int64
	CPU, Wall   []time.Duration
	MaxRSSKB    int64
	Err         string
}

func median(d []time.Duration) time.Duration {
	if len(d) == 0 {
		return 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2]
}

func (r *repeated) cpu() float64 { return median(r.CPU).Seconds() }
func (r *repeated) pagesPerCPU() float64 {
	return float64(r.Pages) / max(r.cpu(), 1e-6)
}
func (r *repeated) mbPerCPU() float64 {
	return float64(r.HTMLBytes) / 1e6 / max(r.cpu(), 1e-6)
}

// timeGroup runs every command of the group repeat times, round-robin (so that a change in
// the machine's load falls on all of them alike), and returns one repeated per command.
func (b *bencher) timeGroup(c *corpus, repeat int, names, phases []string, cmds []func() []*exec.Cmd) []*repeated {
	out := make([]*repeated, len(cmds))
	for i := range cmds {
		out[i] = &repeated{Name: names[i], Phase: phases[i], Pages: c.Pages, HTMLBytes: c.HTMLBytes}
	}
	for r := 0; r < repeat; r++ {
		for i, mk := range cmds {
			if out[i].Err != "" {
				continue
			}
			// The bench's own memory given back first: a child's peak RSS counts what it
			// shared with this process until it ran its program.
			debug.FreeOSMemory()
			row := b.time(c, names[i], phases[i], mk()...)
			b.rows = b.rows[:len(b.rows)-1] // kept in the group's table, not the corpus's
			if row.Err != "" {
				out[i].Err = row.Err
				continue
			}
			out[i].CPU = append(out[i].CPU, row.U.CPU)
			out[i].Wall = append(out[i].Wall, row.U.Wall)
			out[i].MaxRSSKB = max(out[i].MaxRSSKB, row.U.MaxRSSKB)
		}
	}
	return out
}

// runGoal is the run-vs-go-trafilatura table of one set.
type runGoal struct {
	corpus *corpus
	rows   []*repeated
	peer   *repeated
}

// runVsPeer times run -j 1 of every tool, --content off and the default, and chaff extract,
// with go-trafilatura on the same file.
func (b *bencher) runVsPeer(c *corpus, repeat int) *runGoal {
	var names, phases []string
	var cmds []func() []*exec.Cmd
	add := func(name, phase string, bin string, args ...string) {
		names, phases = append(names, name), append(phases, phase)
		cmds = append(cmds, func() []*exec.Cmd { return []*exec.Cmd{exec.Command(bin, args...)} })
	}
	for _, t := range b.tools {
		bin := filepath.Join(b.bin, t)
		add(t, "run --content off", bin, append([]string{"run", "-j", "1", "--drop-html", "--content", "off"}, c.Paths...)...)
		add(t, "run", bin, append([]string{"run", "-j", "1", "--drop-html"}, c.Paths...)...)
	}
	if err := b.build("chaff"); err == nil {
		add("chaff", "extract", filepath.Join(b.bin, "chaff"), append([]string{"extract", "-j", "1", "--drop-html"}, c.Paths...)...)
	}
	peer := -1
	if b.peersOK {
		peer = len(cmds)
		add("go-trafilatura", "extract", filepath.Join(b.bin, "peer"), append([]string{"-x", "trafilatura"}, c.Paths...)...)
	}
	rows := b.timeGroup(c, repeat, names, phases, cmds)
	g := &runGoal{corpus: c, rows: rows}
	if peer >= 0 && rows[peer].Err == "" {
		g.peer, g.rows = rows[peer], rows[:peer]
	}
	return g
}

// ingestGoal is map of a .warc.gz against gzip -dc of it.
type ingestGoal struct {
	corpus      *corpus
	floor, read *repeated
}

func (b *bencher) ingestVsGzip(c *corpus, repeat int) *ingestGoal {
	t := filepath.Join(b.bin, b.tools[0])
	rows := b.timeGroup(c, repeat, []string{"gzip -dc", b.tools[0] + " map"}, []string{"decompress", "ingest"}, []func() []*exec.Cmd{
		func() []*exec.Cmd {
			return []*exec.Cmd{exec.Command(mustLook("gzip"), append([]string{"-dc"}, c.Paths...)...)}
		},
		func() []*exec.Cmd { return []*exec.Cmd{exec.Command(t, append([]string{"map"}, c.Paths...)...)} },
	})
	return &ingestGoal{corpus: c, floor: rows[0], read: rows[1]}
}

// memGoal is peak RSS of commands on k copies of one input in a row.
type memGoal struct {
	src    string
	copies []int
	rows   map[string][]*repeated // command -> one per copies
	order  []string
}

// memoryGrowth writes k copies of src in a row (a zstd or gzip file: its frames concatenated)
// for each k and times map, and run --content off of the fastest tool, on each.
func (b *bencher) memoryGrowth(src string, copies []int, tool string) (*memGoal, error) {
	g := &memGoal{src: filepath.Base(src), copies: copies, rows: map[string][]*repeated{}}
	bin := filepath.Join(b.bin, tool)
	g.order = []string{tool + " map", tool + " run --content off"}
	for _, k := range copies {
		p := filepath.Join(b.tmp, fmt.Sprintf("mem%dx%s", k, filepath.Ext(src)))
		if err := writeCopies(p, src, k); err != nil {
			return nil, err
		}
		c := &corpus{Name: fmt.Sprintf("%dx %s", k, g.src), Paths: []string{p}}
		rows := b.timeGroup(c, 1, g.order, []string{"ingest", "run"}, []func() []*exec.Cmd{
			func() []*exec.Cmd { return []*exec.Cmd{exec.Command(bin, "map", p)} },
			func() []*exec.Cmd {
				return []*exec.Cmd{exec.Command(bin, "run", "-j", "1", "--drop-html", "--content", "off", p)}
			},
		})
		for i, name := range g.order {
			g.rows[name] = append(g.rows[name], rows[i])
		}
		os.Remove(p)
	}
	return g, nil
}

// writeCopies writes k copies of the file src in a row into p, streaming: the bench must not
// hold them. On Linux a child's peak RSS starts from this process's own peak (exec records
// the high-water mark of the memory the child shared with it until then), so a bench that
// once held ten copies of a file reports that much for every command it runs afterwards.
func writeCopies(p, src string, k int) error {
	out, err := os.Create(p)
	if err != nil {
		return err
	}
	for i := 0; i < k; i++ {
		in, err := os.Open(src)
		if err != nil {
			out.Close()
			return err
		}
		_, err = io.Copy(out, in)
		in.Close()
		if err != nil {
			out.Close()
			return err
		}
	}
	return out.Close()
}

func (g *runGoal) doc(s *strings.Builder, repeat int) {
	c := g.corpus
	fmt.Fprintf(s, "## run -j 1 against go-trafilatura (%s)\n\n%d pages, %.1f MB of HTML. Each command run %d times, interleaved; "+
		"the median CPU seconds (user + sys of the whole process: start-up, reading, learning, applying, writing; `--drop-html` "+
		"to /dev/null), the largest peak RSS. Ratio = pages per CPU second over go-trafilatura's on the same file "+
		"(goal: >= %.0fx, issue 15 for `--content off`, issue 14 for the default content join).\n\n",
		c.Name, c.Pages, float64(c.HTMLBytes)/1e6, repeat, goalRun)
	s.WriteString("| command | CPU s (median) | pages/CPU s | MB/CPU s | peak RSS MB | ratio to go-trafilatura | goal |\n|---|---|---|---|---|---|---|\n")
	rows := g.rows
	if g.peer != nil {
		rows = append(slices.Clone(rows), g.peer)
	}
	for _, r := range rows {
		name := r.Name + " " + r.Phase
		if r.Err != "" {
			fmt.Fprintf(s, "| %s | failed: %s | | | | | |\n", name, strings.ReplaceAll(r.Err, "|", "/"))
			continue
		}
		ratio, goal := "", ""
		if g.peer != nil && r != g.peer {
			x := r.pagesPerCPU() / g.peer.pagesPerCPU()
			ratio = fmt.Sprintf("%.1fx", x)
			if r.Name != "chaff" {
				goal = fmt.Sprintf(">= %.0fx %s", goalRun, mark(x >= goalRun))
			}
		}
		fmt.Fprintf(s, "| `%s` | %.2f | %.0f | %.1f | %.0f | %s | %s |\n", name, r.cpu(), r.pagesPerCPU(), r.mbPerCPU(),
			float64(r.MaxRSSKB)/1024, ratio, goal)
	}
	s.WriteString("\n")
}

func (g *ingestGoal) doc(s *strings.Builder, repeat int) {
	c := g.corpus
	fmt.Fprintf(s, "## Ingest against gzip -dc (%s)\n\n%d pages, %.1f MB of HTML, %.1f MB of file; each command %d times, interleaved, median CPU seconds.\n\n",
		c.Name, c.Pages, float64(c.HTMLBytes)/1e6, float64(c.FileBytes)/1e6, repeat)
	s.WriteString("| command | CPU s (median) | MB of HTML / CPU s | peak RSS MB |\n|---|---|---|---|\n")
	for _, r := range []*repeated{g.floor, g.read} {
		if r.Err != "" {
			fmt.Fprintf(s, "| `%s` | failed: %s | | |\n", r.Name, strings.ReplaceAll(r.Err, "|", "/"))
			continue
		}
		fmt.Fprintf(s, "| `%s` | %.2f | %.1f | %.0f |\n", r.Name, r.cpu(), r.mbPerCPU(), float64(r.MaxRSSKB)/1024)
	}
	if g.floor.Err == "" && g.read.Err == "" {
		x := g.read.cpu() / max(g.floor.cpu(), 1e-6)
		fmt.Fprintf(s, "\nIngest CPU time over bare decompression: %.2f (goal <= %.1f %s).\n", x, goalIngest, mark(x <= goalIngest))
	}
	s.WriteString("\n")
}

func (g *memGoal) doc(s *strings.Builder) {
	fmt.Fprintf(s, "## Peak RSS as the input grows (%s, copies in a row)\n\nPeak RSS in MB of each command on 1, 3, ... copies of the same file in a row: flat when memory is held by bytes, not by records read. (`run` is bounded by `--max-buffer-bytes`, default 512 MiB, of pages waiting for their site.)\n\n", g.src)
	s.WriteString("| command |")
	for _, k := range g.copies {
		fmt.Fprintf(s, " %dx |", k)
	}
	s.WriteString("\n|---|" + strings.Repeat("---|", len(g.copies)) + "\n")
	for _, name := range g.order {
		fmt.Fprintf(s, "| `%s` |", name)
		for _, r := range g.rows[name] {
			if r.Err != "" {
				fmt.Fprintf(s, " failed: %s |", strings.ReplaceAll(r.Err, "|", "/"))
				continue
			}
			fmt.Fprintf(s, " %.0f (%.1f CPU s) |", float64(r.MaxRSSKB)/1024, r.cpu())
		}
		s.WriteString("\n")
	}
	s.WriteString("\n")
}
