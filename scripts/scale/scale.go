package scale

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/chaffkit/chaff/lib/synth"
	"github.com/chaffkit/chaff/lib/warc"
)

// Tools are the algorithm tools that have the keyed modes.
var Tools = []string{"ngramcut", "ampl", "sstclean", "rtdm"}

// WriteCorpus writes the synthetic corpus cfg into dir as one JSON-lines file (corpus.jsonl)
// and as nWARC gzipped WARC files (part-N.warc.gz) that deal the pages round-robin, so that
// each file holds pages of every site as crawl files do. Reading the WARC files in the
// returned order gives the pages in the order part 0 (pages 0, n, 2n...), part 1, ...
func WriteCorpus(dir string, cfg synth.Config, nWARC int) (jsonl string, warcs []string, err error) {
	jsonl = filepath.Join(dir, "corpus.jsonl")
	f, err := os.Create(jsonl)
	if err != nil {
		return "", nil, err
	}
	if err := synth.WriteJSONL(f, cfg); err != nil {
		f.Close()
		return "", nil, err
	}
	if err := f.Close(); err != nil {
		return "", nil, err
	}
	if nWARC < 1 {
		return jsonl, nil, nil
	}
	deal := &dealer{}
	for i := range nWARC {
		name := filepath.Join(dir, fmt.Sprintf("part-%d.warc.gz", i))
		f, err := os.Create(name)
		if err != nil {
			return "", nil, err
		}
		w, err := warc.NewWriter(f)
		if err != nil {
			f.Close()
			return "", nil, err
		}
		deal.files = append(deal.files, f)
		deal.ws = append(deal.ws, w)
		warcs = append(warcs, name)
	}
	err = synth.WriteWARC(deal, nil, cfg)
	for i, w := range deal.ws {
		err = errors.Join(err, w.Close(), deal.files[i].Close())
	}
	return jsonl, warcs, err
}

// dealer is a synth.ResponseWriter that deals records round-robin over WARC writers.
type dealer struct {
	files []*os.File
	ws    []*warc.Writer
	n     int
}

func (d *dealer) WriteResponse(targetURI, date, httpHeader string, body []byte) (string, error) {
	w := d.ws[d.n%len(d.ws)]
	d.n++
	return w.WriteResponse(targetURI, date, httpHeader, body)
}

// Canonical returns out's lines sorted bytewise, without the key column (everything up to
// the first TAB) when keyed: the form in which a job's output is compared with run's, since
// a distributed job emits sites in no particular order.
func Canonical(out []byte, keyed bool) []byte {
	lines := bytes.Split(bytes.TrimSuffix(out, []byte("\n")), []byte("\n"))
	if len(out) == 0 {
		lines = nil
	}
	if keyed {
		for i, l := range lines {
			if _, rest, ok := bytes.Cut(l, []byte("\t")); ok {
				lines[i] = rest
			}
		}
	}
	slices.SortFunc(lines, bytes.Compare)
	return append(bytes.Join(lines, []byte("\n")), '\n')
}

// Same compares a job's output (keyed lines when keyed) with run's output after Canonical
// and describes the first difference.
func Same(jobOut []byte, keyed bool, runOut []byte) error {
	got, want := Canonical(jobOut, keyed), Canonical(runOut, false)
	if bytes.Equal(got, want) {
		return nil
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(gl), len(wl)) {
		if gl[i] != wl[i] {
			at := 0
			for at < min(len(gl[i]), len(wl[i])) && gl[i][at] == wl[i][at] {
				at++
			}
			from := max(0, at-120)
			return fmt.Errorf("job and run differ (%d and %d lines); first difference at sorted line %d, byte %d:\njob: ...%.300s\nrun: ...%.300s",
				len(gl), len(wl), i, at, gl[i][from:], wl[i][from:])
		}
	}
	return fmt.Errorf("job has %d lines, run %d", len(gl), len(wl))
}

// Substantial checks that run's output has wantPages records and that at least a third of
// them have text: a comparison of two empty or all-failed outputs would prove little.
func Substantial(runOut []byte, wantPages int) error {
	lines := bytes.Split(bytes.TrimSpace(runOut), []byte("\n"))
	if len(lines) != wantPages {
		return fmt.Errorf("run emitted %d records, want %d", len(lines), wantPages)
	}
	withText := 0
	for _, l := range lines {
		var r struct {
			Text string `json:"text"`
		}
		if err := json.Unmarshal(l, &r); err != nil {
			return fmt.Errorf("record: %v: %.200s", err, l)
		}
		if r.Text != "" {
			withText++
		}
	}
	if withText < wantPages/3 {
		return fmt.Errorf("only %d of %d records have text", withText, wantPages)
	}
	return nil
}
