package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/chaffkit/chaff/lib/gobuild"
)

// writeJSONL writes records (JSON objects, one a line) as a zstd JSON-lines file.
func writeJSONL(t *testing.T, path string, lines ...string) {
	t.Helper()
	pw, err := newPartWriter([]string{path})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		if err := pw.write(0, []byte(l)); err != nil {
			t.Fatal(err)
		}
	}
	if err := pw.close(); err != nil {
		t.Fatal(err)
	}
}

func readMetas(t *testing.T, path string) []pageMeta {
	t.Helper()
	var out []pageMeta
	if err := readPages(path, func(_ []byte, m pageMeta) error { out = append(out, m); return nil }); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestKSplitRewritesSitesInInputOrder(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "set.jsonl.zst")
	writeJSONL(t, src,
		`{"id":"1","site":"a","crawl":"2005","html":"<p>x</p>","gold":"x"}`,
		`{"id":"2","site":"b","crawl":2013,"html":"<p>y</p>"}`,
		`{"id":"3","site":"a","html":"<p>z</p>"}`,
		`{"id":"4","site":"a","html":"<p>w</p>"}`,
		`{"id":"5","url":"http://c.example/x","html":"<p>v</p>"}`)
	out := filepath.Join(dir, "k2.jsonl.zst")
	n, err := splitJSONL(src, []string{out}, func(pageMeta) int { return 0 }, newKSplitter(2).site)
	if err != nil {
		t.Fatal(err)
	}
	if n[0] != 5 {
		t.Fatalf("wrote %d records, want 5", n[0])
	}
	var got []string
	for _, m := range readMetas(t, out) {
		got = append(got, m.ID+"="+m.Site)
	}
	want := []string{"1=a#0", "2=b#0", "3=a#0", "4=a#1", "5=c.example#0"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("sites %v, want %v", got, want)
	}
	// The other members pass through; a number crawl is read as text.
	ms := readMetas(t, src)
	if ms[0].Crawl != "2005" || ms[1].Crawl != "2013" || ms[2].Crawl != "" {
		t.Errorf("crawls %q %q %q", ms[0].Crawl, ms[1].Crawl, ms[2].Crawl)
	}
}

func TestFoldSplitKeepsSitesTogether(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "set.jsonl.zst")
	var lines []string
	for i := range 40 {
		lines = append(lines, fmt.Sprintf(`{"id":"%d","site":"s%d.example","html":"<p>%d</p>"}`, i, i%13, i))
	}
	writeJSONL(t, src, lines...)
	parts := foldPaths(filepath.Join(dir, "set.jsonl.zst"))
	// the k-split's fold parts: the fold of the real site, the site rewritten
	n, err := splitJSONL(src, parts, func(m pageMeta) int { return foldOfSite("news", siteOf(m)) }, newKSplitter(1).site)
	if err != nil {
		t.Fatal(err)
	}
	total := 0
	for f, p := range parts {
		total += n[f]
		for _, m := range readMetas(t, p) {
			real, _, _ := strings.Cut(m.Site, "#")
			if got := foldOfSite("news", real); got != f {
				t.Errorf("page %s of site %s in part %d, its fold is %d", m.ID, real, f, got)
			}
		}
	}
	if total != 40 {
		t.Errorf("%d pages in the parts, want 40", total)
	}
}

// gzMember compresses one WARC record as its own gzip member.
func gzMember(t *testing.T, typ, uri, body string) []byte {
	t.Helper()
	var rec bytes.Buffer
	fmt.Fprintf(&rec, "WARC/1.1\r\nWARC-Type: %s\r\n", typ)
	if uri != "" {
		fmt.Fprintf(&rec, "WARC-Target-URI: %s\r\n", uri)
	}
	fmt.Fprintf(&rec, "Content-Length: %d\r\n\r\n%s\r\n\r\n", len(body), body)
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(rec.Bytes())
	zw.Close()
	return b.Bytes()
}

func TestSplitWARCCopiesMembers(t *testing.T) {
	dir := t.TempDir()
	info := gzMember(t, "warcinfo", "", "software: test")
	a1 := gzMember(t, "response", "http://a.example/1", "HTTP/1.1 200 OK\r\n\r\n<p>a1</p>")
	b1 := gzMember(t, "response", "http://b.example/1", "HTTP/1.1 200 OK\r\n\r\n<p>b1</p>")
	a2 := gzMember(t, "response", "http://a.example/2", "HTTP/1.1 200 OK\r\n\r\n<p>a2</p>")
	x := gzMember(t, "response", "http://x.example/", "HTTP/1.1 200 OK\r\n\r\n<p>x</p>")
	in := filepath.Join(dir, "in.warc.gz")
	os.WriteFile(in, bytes.Join([][]byte{info, a1, b1, a2, x}, nil), 0o644)
	outs := []string{filepath.Join(dir, "p0.warc.gz"), filepath.Join(dir, "p1.warc.gz")}
	// a.example/2 sits on a site of another fold than a.example/1: its host straddles two parts.
	ws, err := splitWARC(in, outs, map[string]int{"http://a.example/1": 0, "http://b.example/1": 1, "http://a.example/2": 1})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(ws.Counts, []int{1, 2}) || ws.Unassigned != 1 || ws.Straddling != 1 {
		t.Errorf("split %+v, want counts [1 2], 1 unassigned, 1 straddling host", ws)
	}
	p0, _ := os.ReadFile(outs[0])
	p1, _ := os.ReadFile(outs[1])
	if want := bytes.Join([][]byte{info, a1, x}, nil); !bytes.Equal(p0, want) {
		t.Errorf("part 0 is not warcinfo + a1 + the unassigned record, byte for byte")
	}
	if want := bytes.Join([][]byte{info, b1, a2}, nil); !bytes.Equal(p1, want) {
		t.Errorf("part 1 is not warcinfo + b1 + a2, byte for byte")
	}
	// Two records in one member cannot be split.
	var both bytes.Buffer
	zw := gzip.NewWriter(&both)
	zw.Write([]byte("WARC/1.1\r\nWARC-Type: response\r\nContent-Length: 0\r\n\r\n\r\n\r\nWARC/1.1\r\nWARC-Type: response\r\nContent-Length: 0\r\n\r\n\r\n\r\n"))
	zw.Close()
	os.WriteFile(in, both.Bytes(), 0o644)
	if _, err := splitWARC(in, outs, nil); err == nil || !strings.Contains(err.Error(), "2 WARC records") {
		t.Errorf("a member of two records: err %v", err)
	}
	os.WriteFile(in, []byte("WARC/1.1\r\n"), 0o644)
	if _, err := splitWARC(in, outs, nil); err == nil || !strings.Contains(err.Error(), "not a gzip file") {
		t.Errorf("a plain WARC: err %v", err)
	}
}

func TestParseScoreRows(t *testing.T) {
	out := `{"lang":"de","pages":2,"missing":0,"tp":3,"fp":1,"fn":1,"tn":2,"precision":0.75,"recall":0.75,"accuracy":0.714286,"f1":0.75}
{"lang":null,"pages":1,"missing":1,"tp":0,"fp":0,"fn":2,"tn":1,"precision":0,"recall":0,"accuracy":0.333333,"f1":0}
{"pages":3,"missing":1,"unmatched":0,"bad_records":0,"pred_errors":0,"tp":3,"fp":1,"fn":3,"tn":3,"precision":0.75,"recall":0.5,"accuracy":0.6,"f1":0.6}
`
	rows, err := parseScoreRows(strings.NewReader(out), "lang")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 || rows[0].Group != "de" || rows[1].Group != "(none)" || rows[2].Group != "" {
		t.Fatalf("rows %+v", rows)
	}
	if rows[0].TP != 3 || rows[0].TN != 2 || rows[2].F1 != 0.6 || rows[2].Pages != 3 {
		t.Errorf("counts or overall row wrong: %+v", rows)
	}
	wcxb := `{"page_type":"article","pages":2,"missing":0,"precision":0.875,"recall":1,"f1":0.928571,"with":0.5,"without":0.75,"with_pages":2,"without_pages":2}
{"pages":2,"missing":0,"unmatched":0,"bad_records":0,"pred_errors":0,"precision":0.875,"recall":1,"f1":0.928571,"with":0.5,"without":0.75}
`
	rows, err = parseScoreRows(strings.NewReader(wcxb), "page_type")
	if err != nil {
		t.Fatal(err)
	}
	if rows[0].Group != "article" || rows[1].With != 0.5 || rows[1].Without != 0.75 {
		t.Errorf("wcxb rows %+v", rows)
	}
	if _, err := parseScoreRows(strings.NewReader(`{"lang":"de","pages":1}`+"\n"), "lang"); err == nil {
		t.Error("output without an overall row: no error")
	}
}

func TestSnippetGroupsSumOtherLanguages(t *testing.T) {
	rows := []scoreRow{
		{Group: "de", Pages: 2, TP: 4, FP: 1, FN: 1, TN: 3},
		{Group: "en", Pages: 1, TP: 2, FP: 0, FN: 0, TN: 1},
		{Group: "fr", Pages: 1, TP: 1, FP: 1, FN: 2, TN: 0},
		{Group: "?", Pages: 1, TP: 2, FP: 0, FN: 1, TN: 2},
	}
	g := snippetGroups(rows)
	o := g["other"]
	if o.Pages != 2 || o.TP != 3 || o.FP != 1 || o.FN != 3 || o.TN != 2 {
		t.Fatalf("other %+v", o)
	}
	if want := 6.0 / 10; math.Abs(o.F1-want) > 1e-12 {
		t.Errorf("other F %v, want %v (2TP/(2TP+FP+FN))", o.F1, want)
	}
	if g["en"].F1 != 1 || len(g) != 3 {
		t.Errorf("groups %+v", g)
	}
}

func TestParseKsAndSkip(t *testing.T) {
	ks, err := parseKs("1, 2,all")
	if err != nil || !reflect.DeepEqual(ks, []int{1, 2, 0}) {
		t.Errorf("ks %v %v", ks, err)
	}
	if _, err := parseKs("0"); err == nil {
		t.Error("k = 0 accepted")
	}
	o := evalOpts{skip: []string{"ampl@wcxb-dev", "defuddle@ksplit"}}
	c := &evalCase{Table: "wcxb", Set: "wcxb-dev"}
	if skipped(o, c, variant{Name: "ampl"}) == "" || skipped(o, c, variant{Name: "rtdm"}) != "" {
		t.Error("--skip ampl@wcxb-dev")
	}
	if skipped(o, &evalCase{Table: "ksplit", Set: "big9-2005-2013"}, variant{Name: "defuddle"}) == "" {
		t.Error("--skip defuddle@ksplit")
	}
}

func TestVariantsFor(t *testing.T) {
	e := &env{bin: "/nonexistent"}
	o := evalOpts{cv: true, inSample: true}
	tl := e.toolVariants("rtdm", o)
	chaff := e.chaffVariants(o)
	pl := []variant{{Name: "go-trafilatura", Kind: "peer"}, {Name: "defuddle", Kind: "peer"}}
	names := func(vs []variant) []string {
		var out []string
		for _, v := range vs {
			out = append(out, v.label())
		}
		return out
	}
	got := names(variantsFor(&evalCase{Table: "news"}, o, tl, chaff, pl))
	want := []string{"rtdm (5-fold CV by site)", "rtdm (set held out)", "rtdm (shipped model, in-sample)", "rtdm --content off",
		"chaff extract (5-fold CV by site)", "chaff extract (set held out)", "chaff extract (shipped model, in-sample)", "go-trafilatura", "defuddle"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("news variants\n got %v\nwant %v", got, want)
	}
	got = names(variantsFor(&evalCase{Table: "crosstime", LearnFrom: "x"}, o, tl, chaff, pl))
	want = []string{"rtdm (5-fold CV by site)", "rtdm --content off"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cross-time apply variants %v, want %v", got, want)
	}
	got = names(variantsFor(&evalCase{Table: "crosstime"}, o, tl, chaff, pl))
	want = []string{"rtdm (5-fold CV by site)", "rtdm --content off", "chaff extract (5-fold CV by site)", "go-trafilatura"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cross-time run variants %v, want %v", got, want)
	}
	o.cv = false
	got = names(variantsFor(&evalCase{Table: "ksplit"}, o, tl, chaff, pl))
	want = []string{"rtdm (shipped model, in-sample)", "rtdm --content off", "chaff extract (shipped model, in-sample)", "go-trafilatura"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("k-split variants without CV %v, want %v", got, want)
	}
	// The gate: the shipped model only.
	gate := evalOpts{onlyModels: []string{cmInSample}}
	if got := names(variantsFor(&evalCase{Table: "news"}, gate, tl, nil, nil)); !reflect.DeepEqual(got, []string{"rtdm (shipped model, in-sample)"}) {
		t.Errorf("gate variants %v", got)
	}
}

// res is a result with an F1 for the table tests.
func res(table, set, input, label, name, kind, model string, f1 float64) result {
	r := result{Case: &evalCase{Table: table, Set: set, Input: input, Label: label}, V: variant{Name: name, Kind: kind, Model: model}, Main: nanRow()}
	r.Main.F1, r.Main.Pages = f1, 10
	r.Use.CPU = 2 * time.Second
	return r
}

func TestFormatKSplitAndCrossTime(t *testing.T) {
	var rs []result
	for _, k := range []string{"k=1", "all"} {
		rs = append(rs, res("ksplit", "big9", "jsonl", k, "rtdm", "tool", cmCV, map[string]float64{"k=1": .9, "all": .95}[k]),
			res("ksplit", "big9", "jsonl", k, "rtdm", "tool", cmOff, map[string]float64{"k=1": 0, "all": .94}[k]),
			res("ksplit", "big9", "jsonl", k, "go-trafilatura", "peer", "", .93))
	}
	got := formatKSplit(rs)
	for _, want := range []string{"| pages of a site learned together | k=1 | all |", "| rtdm (5-fold CV by site) | 0.900 | 0.950 |",
		"| rtdm --content off | 0.000 | 0.940 |", "| go-trafilatura | 0.930 | 0.930 |"} {
		if !strings.Contains(got, want) {
			t.Errorf("k-split table lacks %q:\n%s", want, got)
		}
	}
	a := res("crosstime", "big9", "jsonl", "2005 -> 2013", "rtdm", "tool", cmCV, .8)
	a.Joined, a.Stale = true, 7
	b := res("crosstime", "big9", "jsonl", "run on 2013", "rtdm", "tool", cmCV, .95)
	b.Joined = true
	c := res("crosstime", "big9", "jsonl", "run on 2013", "go-trafilatura", "peer", "", .96)
	d := res("crosstime", "big9", "jsonl", "2005 -> 2013", "rtdm", "tool", cmOff, .7)
	got = formatCrossTime([]result{a, b, d, c})
	for _, want := range []string{"| | learned on 2005, applied to 2013 | stale | run on the 2013 pages | stale |",
		"| rtdm (5-fold CV by site) | 0.800 | 7 / 10 | 0.950 | 0 / 10 |", "| rtdm --content off | 0.700 | - | - | - |", "| go-trafilatura | - | - | 0.960 | - |"} {
		if !strings.Contains(got, want) {
			t.Errorf("cross-time table lacks %q:\n%s", want, got)
		}
	}
}

func TestFormatWCXBTrafevalAndHeadline(t *testing.T) {
	w := res("wcxb", "wcxb-dev", "jsonl", "", "rtdm", "tool", cmCV, .85)
	w.Main.With, w.Main.Without = .8, .05
	w.AEB = &scoreRow{F1: .8}
	w.Groups = []scoreRow{{Group: "article", Pages: 6, F1: .9}, {Group: "product", Pages: 4, F1: .7}}
	p := res("wcxb", "wcxb-dev", "jsonl", "", "defuddle", "peer", "", .81)
	s := res("wcxb", "wcxb-dev", "jsonl", "", "ampl", "tool", cmCV, nan)
	s.Skip = "skipped (--skip ampl@wcxb-dev)"
	got := formatWCXB([]result{w, p, s})
	for _, want := range []string{"| rtdm | 5-fold CV by site | 10 | 0.850 | - | - | 80.0% | 5.0% | 0.800 | 0 | 2.0 |",
		"| ampl | 5-fold CV by site | 10 | skipped |", "| rs-trafilatura | published | 1497 | 0.859 | 0.863 | 0.890 |"} {
		if !strings.Contains(got, want) {
			t.Errorf("wcxb table lacks %q:\n%s", want, got)
		}
	}
	got = formatWCXBTypes([]result{w, p})
	for _, want := range []string{"| word F1 | content model | all | article (6) | documentation (0) |", "| rtdm | 5-fold CV by site | 0.850 | 0.900 | - | - | - | - | - | 0.700 |",
		"| trafilatura | published | 0.791 | 0.926 | 0.888 |"} {
		if !strings.Contains(got, want) {
			t.Errorf("wcxb type table lacks %q:\n%s", want, got)
		}
	}
	// With the sites of several pages scored, they are the last column; a peer without it
	// (as a run that failed) shows none.
	w.Several = &scoreRow{Pages: 5, F1: .6}
	got = formatWCXBTypes([]result{w, p})
	for _, want := range []string{"| product (4) | sites of 3+ pages (5) |", "| rtdm | 5-fold CV by site | 0.850 | 0.900 | - | - | - | - | - | 0.700 | 0.600 |",
		"| defuddle | - | 0.810 | - | - | - | - | - | - | - | - |", "| trafilatura | published | 0.791 | 0.926 | 0.888 | 0.763 | 0.585 | 0.553 | 0.589 | 0.567 | - |"} {
		if !strings.Contains(got, want) {
			t.Errorf("wcxb type table with several-page sites lacks %q:\n%s", want, got)
		}
	}
	tr := res("trafeval", "trafeval-dev", "warc", "", "rtdm", "tool", cmCV, .9)
	tr.Groups = []scoreRow{{Group: "de", Pages: 3, TP: 2, FN: 2}, {Group: "pl", Pages: 1, TP: 1}, {Group: "en", Pages: 1, TP: 1, FP: 1}}
	got = formatTrafeval([]result{tr})
	for _, want := range []string{"| German (3) | English (1) | other (1) |", "| rtdm | 5-fold CV by site | 10 | 0.900 | - | - | - | 0.667 | 0.667 | 1.000 |",
		"| trafilatura 2.2 (standard) | published, all 990 pages |"} {
		if !strings.Contains(got, want) {
			t.Errorf("trafeval table lacks %q:\n%s", want, got)
		}
	}
	n1 := res("news", "big9-2005-2013", "jsonl", "", "rtdm", "tool", cmCV, .96)
	n2 := res("news", "big9-2005-2013", "jsonl", "", "go-trafilatura", "peer", "", .953)
	n3 := res("news", "big9-2005-2013", "jsonl", "", "defuddle", "peer", "", .94)
	n4 := res("news", "big9-2005-2013", "jsonl", "", "rtdm", "tool", cmInSample, .99)
	got = formatHeadline([]result{n1, n2, n3, n4, w, p, tr}, cmCV)
	for _, want := range []string{"| | big9-2005-2013 (AEB F1) | wcxb-dev (word F1) | trafeval-dev (snippet F, WARC) |",
		"| `rtdm` (5-fold CV by site) | 0.960 | 0.850 | 0.900 |", "| the best peer | 0.953 (go-trafilatura) | 0.810 (defuddle) | - |"} {
		if !strings.Contains(got, want) {
			t.Errorf("headline lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "0.990") {
		t.Errorf("headline shows an in-sample figure:\n%s", got)
	}
}

func TestReadRecordedTakesTheShippedModelRows(t *testing.T) {
	var b strings.Builder
	b.WriteString("# Evaluation\n\n")
	r1 := res("news", "big9", "jsonl", "", "rtdm", "tool", cmInSample, .958)
	r2 := res("news", "big9", "jsonl", "", "rtdm", "tool", cmCV, .951)
	r3 := res("news", "big9", "jsonl", "", "rtdm", "tool", cmOff, .940)
	r4 := res("news", "big9", "warc", "", "rtdm", "tool", cmInSample, .957)
	b.WriteString(formatTable([]result{r2, r1, r3, r4}))
	r1.Groups = []scoreRow{{Group: "a.com", Pages: 10, F1: .5}}
	b.WriteString("\n" + formatSites([]result{r1, r2}))
	path := filepath.Join(t.TempDir(), "EVALUATION.md")
	os.WriteFile(path, []byte(b.String()), 0o644)
	got, err := readRecorded(path)
	if err != nil {
		t.Fatal(err)
	}
	want := map[[3]string]float64{{"big9", "jsonl", "rtdm"}: .958, {"big9", "warc", "rtdm"}: .957}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("recorded %v, want %v", got, want)
	}
}

func TestFoldKey(t *testing.T) {
	root, err := gobuild.ModuleRoot(".")
	if err != nil {
		t.Skip(err)
	}
	data := t.TempDir()
	for _, s := range modelSets {
		os.WriteFile(filepath.Join(data, s+".jsonl.zst"), []byte(s), 0o644)
	}
	k1, err := foldKey(root, data, 100, 80)
	if err != nil {
		t.Fatal(err)
	}
	k2, _ := foldKey(root, data, 100, 80)
	k3, _ := foldKey(root, data, 300, 150)
	os.WriteFile(filepath.Join(data, "wcxb-dev.jsonl.zst"), []byte("other size"), 0o644)
	k4, _ := foldKey(root, data, 100, 80)
	if k1 != k2 || k1 == k3 || k1 == k4 || len(k1) != 16 {
		t.Errorf("keys %s %s %s %s: want the same key for the same tree and a new one when the trees or the data change", k1, k2, k3, k4)
	}
	m := &foldModels{Dir: t.TempDir()}
	if m.complete() {
		t.Error("an empty directory holds every model")
	}
	for f := range cvFolds {
		os.WriteFile(m.fold(f), []byte("x"), 0o644)
	}
	for _, s := range modelSets {
		os.WriteFile(m.without(s), []byte("x"), 0o644)
	}
	if !m.complete() {
		t.Error("a full directory is not complete")
	}
}
