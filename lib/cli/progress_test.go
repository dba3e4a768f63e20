package cli_test

import (
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chaffkit/chaff/lib/cli"
	"github.com/chaffkit/chaff/lib/clitest"
	"github.com/chaffkit/chaff/lib/page"
	ucli "github.com/urfave/cli/v2"
)

// fakeClock is a clock a test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// gateAlgo is the toy algorithm whose Learn tells the test it started and waits until the
// test lets it go: a site that takes long to learn.
type gateAlgo struct {
	toyAlgo
	started chan struct{}
	release chan struct{}
}

func (g gateAlgo) Learn(site string, pages []*page.Page) (cli.Model, error) {
	if site == "slow" {
		close(g.started)
		<-g.release
	}
	return g.toyAlgo.Learn(site, pages)
}

// TestProgressWhileLearning: on a terminal the progress line is drawn at every tick from
// its own goroutine, so it goes on while a site is learned (the run's goroutine busy in
// Learn): it says which site, with pages read, learned and emitted, MB and MB/s, and the
// time, which moves. Every other stderr line (an error line, the summary) first takes the
// progress line off the screen: no line shown holds progress text.
func TestProgressWhileLearning(t *testing.T) {
	clk := &fakeClock{t: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}
	ticks := make(chan time.Time)
	defer cli.SetProgressClock(clk.now, ticks)()
	algo := gateAlgo{started: make(chan struct{}), release: make(chan struct{})}
	tool := &cli.Tool{Name: "toy", Usage: "toy", Configure: func(*ucli.Context) (cli.Algorithm, error) { return algo, nil }}
	in := `{"id":"1","site":"fast","html":"<p>one</p>"}
{"id":"2","site":"fast","html":"<p>two</p>"}
{"id":"3","site":"slow","html":"<p>three</p>"}
{"id":"4","site":"slow","html":"<p>four</p>"}
not json
{"id":"6","site":"fast","html":"<p>six</p>"}
`
	screen := &clitest.Screen{Width: 200}
	drawn := make(chan string, 1)
	screen.OnDraw(func(line string) { drawn <- line })
	var out strings.Builder
	status := make(chan int)
	go func() {
		status <- cli.Run(tool, []string{"toy", "run", "--sample", "2", "--content", "off", "-j", "1"}, strings.NewReader(in), &out, screen)
	}()
	<-algo.started
	tick := func() string {
		ticks <- clk.now()
		select {
		case line := <-drawn:
			return line
		case <-time.After(10 * time.Second):
			t.Fatal("no progress line drawn after a tick")
		}
		return ""
	}
	clk.add(2 * time.Second)
	first := tick()
	for _, want := range []string{"toy: 4 read, 2 learned (1 sites), 2 emitted", "| in 0.0 MB 0.0 MB/s | html 0.0 MB 0.0 MB/s |", "| 0:02 | learning slow (2 pages)"} {
		if !strings.Contains(first, want) {
			t.Errorf("progress line %q lacks %q", first, want)
		}
	}
	clk.add(65 * time.Second)
	if second := tick(); !strings.Contains(second, "| 1:07 | learning slow (2 pages)") {
		t.Errorf("progress line %q: the time did not move to 1:07", second)
	}
	close(algo.release)
	if st := <-status; st != 0 {
		t.Fatalf("exit %d:\n%s", st, screen.Text())
	}
	shown := screen.Text()
	lines := strings.Split(strings.TrimSuffix(shown, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "toy: <stdin>:5: invalid JSON") || !strings.HasPrefix(lines[1], "toy: summary read=6 emitted=5") {
		t.Errorf("the terminal shows:\n%s", shown)
	}
	if strings.Contains(shown, " read, ") || !strings.HasSuffix(shown, "\n") {
		t.Errorf("progress left on the terminal:\n%q", shown)
	}
	if n := screen.Draws(); n != 2 {
		t.Errorf("%d progress lines drawn for 2 ticks", n)
	}
}

// TestNoProgressOverOutput: when stdout is the same screen (records shown as they come) no
// progress line is drawn between them.
func TestNoProgressOverOutput(t *testing.T) {
	ticks := make(chan time.Time)
	defer cli.SetProgressClock(time.Now, ticks)()
	screen := &clitest.Screen{Width: 80}
	pr, pw := io.Pipe()
	status := make(chan int)
	go func() { status <- run([]string{"toy", "run", "--content", "off"}, pr, screen, screen) }()
	pw.Write([]byte(`{"id":"1","site":"a","html":"x"}` + "\n"))
	select {
	case ticks <- time.Now():
		t.Error("a progress line is drawn while the records go to the terminal")
	case <-time.After(200 * time.Millisecond):
	}
	pw.Close()
	if st := <-status; st != 0 || screen.Draws() != 0 {
		t.Errorf("exit %d, %d lines drawn", st, screen.Draws())
	}
}

// TestProgressInterval: the line is redrawn at least twice a second.
func TestProgressInterval(t *testing.T) {
	if cli.ProgressInterval > 500*time.Millisecond || cli.ProgressInterval <= 0 {
		t.Errorf("ProgressInterval %v: want at most 500ms", cli.ProgressInterval)
	}
}

// TestProgressClip: a line wider than the terminal is cut (it would wrap, and the carriage
// return would not take it off the screen).
func TestProgressClip(t *testing.T) {
	clk := &fakeClock{t: time.Unix(0, 0)}
	ticks := make(chan time.Time)
	defer cli.SetProgressClock(clk.now, ticks)()
	screen := &clitest.Screen{Width: 30}
	drawn := make(chan string, 1)
	screen.OnDraw(func(line string) { drawn <- line })
	status := make(chan int)
	pr, pw := io.Pipe()
	go func() { status <- run([]string{"toy", "run"}, pr, io.Discard, screen) }()
	go pw.Write([]byte(`{"id":"1","site":"a","html":"x"}` + "\n"))
	var line string
	select {
	case ticks <- clk.now():
		line = <-drawn
	case st := <-status: // a run that ends before reading fails here instead of hanging
		t.Fatalf("exit %d before the first tick", st)
	}
	pw.Close()
	<-status
	if n := len([]rune(line)); n >= 30 || !strings.HasSuffix(line, "…") {
		t.Errorf("line of %d columns on a terminal of 30: %q", n, line)
	}
}

// TestProgressCLI runs the case table's terminal cases with a clock that ticks as fast as
// the line can be drawn, so that progress lines are drawn between every other line: what
// the terminal shows at the end must still be the lines alone (the golden files), each on
// its own line.
func TestProgressCLI(t *testing.T) {
	ticks := make(chan time.Time)
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case ticks <- time.Now():
				time.Sleep(100 * time.Microsecond)
			case <-done:
				return
			}
		}
	}()
	defer cli.SetProgressClock(time.Now, ticks)()
	onlyLines := func(t *testing.T, dir, stdout, raw string) {
		t.Logf("%d progress lines drawn", strings.Count(raw, "\r\033[K"))
		screen := &clitest.Screen{}
		screen.Write([]byte(raw))
		for _, l := range strings.Split(strings.TrimSuffix(screen.Text(), "\n"), "\n") {
			if !strings.HasPrefix(l, "toy: ") || strings.Contains(l, " read, ") {
				t.Errorf("line shown %q", l)
			}
		}
	}
	clitest.Run(t, run, "toy", []clitest.Case{
		{Name: "run-terminal", Args: []string{"run", "--content", "off"}, Stdin: pages, Terminal: true, Check: onlyLines},
		{Name: "learn-terminal", Args: []string{"learn"}, Stdin: pages, Terminal: true, Check: onlyLines},
	})
}
