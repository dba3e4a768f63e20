package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/stream"
	"golang.org/x/net/html"
)

// viewMarks tells, per tool, how its show view marks the kept and the
// removed parts of a page: a predicate on elements of the rendered DOM.
var viewMarks = map[string]struct{ kept, removed func(n *html.Node) bool }{
	"ngramcut": {styleColor("b", "#000"), styleColor("span", "#aaa")},
	"ampl":     {styleColor("b", "#000"), styleColor("span", "#aaa")},
	"sstclean": {hasClass("keep"), hasClass("drop")},
	"rtdm":     {hasClass("body"), hasClass("t")},
}

func styleColor(tag, color string) func(*html.Node) bool {
	return func(n *html.Node) bool {
		return n.Data == tag && strings.Contains(strings.ReplaceAll(attr(n, "style"), " ", ""), "color:"+color)
	}
}

func hasClass(c string) func(*html.Node) bool {
	return func(n *html.Node) bool {
		for _, f := range strings.Fields(attr(n, "class")) {
			if f == c {
				return true
			}
		}
		return false
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// hostileID is the id of the page carrying scripts in the views check.
const hostileID = "views-hostile-page"

// runViews renders each tool's show view of a page that carries scripts in
// headless Chromium, takes a screenshot into docs/views/, and checks the
// rendered DOM: kept and removed parts are marked, no page script ran (the
// title is not PWNED), no script element, event handler or javascript: URL
// survives. A control loads the hostile page itself to prove the check can
// see a script run.
func runViews(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("views", flag.ContinueOnError)
	fs.SetOutput(stderr)
	data, bin := commonFlags(fs)
	outDir := fs.String("o", "docs/views", "where the screenshots go (relative to the repo)")
	browser := fs.String("chromium", "/usr/bin/chromium", "the browser")
	timeout := fs.Duration("timeout", 3*time.Minute, "longest one browser run may take")
	if err := fs.Parse(args); err != nil {
		return err
	}
	e, err := newEnv(*data, *bin, stderr)
	if err != nil {
		return err
	}
	defer e.close()
	if _, err := os.Stat(*browser); err != nil {
		return fmt.Errorf("%s is missing (apt-get update && apt-get install -y chromium)", *browser)
	}
	out := filepath.Join(e.root, *outDir)
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	pages := filepath.Join(e.tmp, "pages.jsonl")
	hostile := filepath.Join(e.tmp, "hostile.html")
	if err := e.viewPages(pages, hostile); err != nil {
		return err
	}
	b := chromium{path: *browser, tmp: e.tmp, timeout: *timeout}

	// the control: the hostile page itself does run its scripts.
	dom, err := b.dumpDOM(hostile)
	if err != nil {
		return fmt.Errorf("control: %v", err)
	}
	ctl := parseTitle(dom)
	ctlRan := strings.Contains(dom, `id="pwned-ran"`)
	fmt.Fprintf(stdout, "views: control: the hostile page loaded directly gets title %q, script-added element present: %v\n", ctl, ctlRan)
	failed := 0
	if !strings.HasPrefix(ctl, "PWNED") || !ctlRan {
		fmt.Fprintln(stdout, "views: FAIL: the control page's scripts did not run: the checks below could not see a script run")
		failed++
	}
	for _, t := range tools {
		if err := e.build(t); err != nil {
			fmt.Fprintf(stdout, "views: %s skipped: %v\n", t, err)
			continue
		}
		view := filepath.Join(e.tmp, t+".html")
		if _, errText, err := runCmds(view, exec.Command(filepath.Join(e.bin, t), "show", "--id", hostileID, pages)); err != nil {
			fmt.Fprintf(stdout, "views: %s: FAIL: show: %v %s\n", t, err, lastLine(errText))
			failed++
			continue
		}
		png := filepath.Join(out, t+".png")
		// ngramcut and ampl show the page's source: the content comes after
		// its <head>, so their screenshots are taller.
		height := 1400
		if t == "ngramcut" || t == "ampl" {
			height = 4200
		}
		if err := b.screenshot(view, png, height); err != nil {
			fmt.Fprintf(stdout, "views: %s: FAIL: screenshot: %v\n", t, err)
			failed++
		}
		dom, err := b.dumpDOM(view)
		if err != nil {
			fmt.Fprintf(stdout, "views: %s: FAIL: dump-dom: %v\n", t, err)
			failed++
			continue
		}
		problems := checkView(t, dom)
		if len(problems) > 0 {
			failed++
			fmt.Fprintf(stdout, "views: %s: FAIL: %s\n", t, strings.Join(problems, "; "))
		}
	}
	fmt.Fprintf(stdout, "views: %d failed; screenshots in %s\n", failed, *outDir)
	if failed > 0 {
		return fmt.Errorf("views: %d checks failed", failed)
	}
	return nil
}

// checkView parses a rendered view and lists what is wrong with it.
func checkView(tool, dom string) []string {
	doc, err := html.Parse(strings.NewReader(dom))
	if err != nil {
		return []string{"unparsable DOM: " + err.Error()}
	}
	var problems []string
	kept, removed, scripts, handlers, jsURLs, ran := 0, 0, 0, 0, 0, false
	title := ""
	var text strings.Builder
	marks := viewMarks[tool]
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if n.Data == "script" {
				scripts++
			}
			if attr(n, "id") == "pwned-ran" {
				ran = true
			}
			if n.Data == "title" && n.FirstChild != nil {
				title = n.FirstChild.Data
			}
			for _, a := range n.Attr {
				if strings.HasPrefix(a.Key, "on") {
					handlers++
				}
				if strings.HasPrefix(strings.ToLower(strings.TrimSpace(a.Val)), "javascript:") {
					jsURLs++
				}
			}
			if marks.kept != nil && marks.kept(n) {
				kept++
			}
			if marks.removed != nil && marks.removed(n) {
				removed++
			}
		}
		if n.Type == html.TextNode {
			text.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	if strings.Contains(title, "PWNED") {
		problems = append(problems, "a page script ran: title "+title)
	}
	if ran {
		problems = append(problems, "a page script added an element to the DOM")
	}
	if scripts > 0 {
		problems = append(problems, fmt.Sprintf("%d script elements in the view", scripts))
	}
	if handlers > 0 {
		problems = append(problems, fmt.Sprintf("%d on* attributes in the view", handlers))
	}
	if jsURLs > 0 {
		problems = append(problems, fmt.Sprintf("%d javascript: URLs in the view", jsURLs))
	}
	if kept == 0 {
		problems = append(problems, "no part marked kept")
	}
	if removed == 0 {
		problems = append(problems, "no part marked removed")
	}
	fmt.Fprintf(os.Stdout, "views: %-8s title %q, %d kept marks, %d removed marks, %d scripts, %d on* attributes, %d javascript: URLs, page script shown as text: %v\n",
		tool, title, kept, removed, scripts, handlers, jsURLs, strings.Contains(text.String(), "PWNED"))
	return problems
}

func parseTitle(dom string) string {
	doc, err := html.Parse(strings.NewReader(dom))
	if err != nil {
		return ""
	}
	var t string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "title" && n.FirstChild != nil && t == "" {
			t = n.FirstChild.Data
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return t
}

// viewPages writes one synthetic site's pages plus a copy of one of them
// carrying scripts (id hostileID) as JSON lines, and the hostile page alone
// as an HTML file for the control.
func (e *env) viewPages(out, hostileHTML string) error {
	syn := filepath.Join(e.tmp, "synthetic.jsonl.zst")
	if err := e.synth("-sites", "1", "-cjk=false", "-pages", "16", "-o", syn); err != nil {
		return err
	}
	r := stream.NewReader([]string{syn}, nil, stream.Options{})
	defer r.Close()
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	w := record.NewWriter(f)
	var hostile *record.Record
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if err := w.Write(rec); err != nil {
			return err
		}
		if k, _ := rec.GetString("kind"); hostile == nil && k == "article" {
			hostile = rec
		}
	}
	if hostile == nil {
		return fmt.Errorf("no article page in the synthetic site")
	}
	var spans [][2]int
	json.Unmarshal(hostile.Get("gold_spans"), &spans)
	page := hostile.HTML
	at := strings.Index(page, "<body")
	if at < 0 || len(spans) == 0 {
		return fmt.Errorf("the synthetic page has no <body> or no gold spans")
	}
	attack := `<script>document.title='PWNED-script';document.documentElement.appendChild(Object.assign(document.createElement('div'),{id:'pwned-ran'}))</script>` +
		`<img src="x" onerror="document.title='PWNED-onerror'">` +
		`<iframe src="javascript:parent.document.title='PWNED-iframe'"></iframe>` +
		`<a href="javascript:document.title='PWNED-link'">a javascript: link</a> `
	// the attack inside the first paragraph of content, and an onload handler on <body>
	p := spans[0][0]
	page = page[:p] + attack + page[p:]
	page = page[:at] + `<body onload="document.title='PWNED-onload'"` + page[at+len("<body"):]
	line := map[string]any{"id": hostileID, "url": hostile.URL + "?hostile", "site": hostile.Site, "html": page}
	enc := json.NewEncoder(f)
	enc.SetEscapeHTML(false)
	if err := w.Flush(); err != nil {
		return err
	}
	if err := enc.Encode(line); err != nil {
		return err
	}
	return os.WriteFile(hostileHTML, []byte(page), 0o644)
}

type chromium struct {
	path, tmp string
	timeout   time.Duration
}

func (c chromium) args(extra ...string) []string {
	prof, _ := os.MkdirTemp(c.tmp, "profile-")
	return append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
		"--user-data-dir=" + prof, "--virtual-time-budget=3000", "--hide-scrollbars"}, extra...)
}

func (c chromium) run(args []string) ([]byte, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.path, args...)
	var errb strings.Builder
	cmd.Stderr = &errb
	out, err := cmd.Output()
	return out, errb.String(), err
}

func (c chromium) dumpDOM(file string) (string, error) {
	out, errText, err := c.run(c.args("--dump-dom", "file://"+file))
	if err != nil {
		return "", fmt.Errorf("%v: %s", err, lastLine(errText))
	}
	return string(out), nil
}

func (c chromium) screenshot(file, png string, height int) error {
	_, errText, err := c.run(c.args("--screenshot="+png, fmt.Sprintf("--window-size=1280,%d", height), "file://"+file))
	if err != nil {
		return fmt.Errorf("%v: %s", err, lastLine(errText))
	}
	if st, err := os.Stat(png); err != nil || st.Size() == 0 {
		return fmt.Errorf("no screenshot written: %s", lastLine(errText))
	}
	return nil
}
