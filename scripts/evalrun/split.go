package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"

	"github.com/chaffkit/chaff/lib/content"
	"github.com/chaffkit/chaff/lib/stream"
)

// The evaluation runs the same tools on parts of a set: the pages of each cross-validation
// fold (run with the model that did not learn from them), each site cut into groups of k
// pages (the k-split table), the captures of one crawl (the cross-time table). This file
// writes those parts; every part is a JSON-lines (zstd) or WARC (gzip per record) file the
// tools read like the set itself.

// pageMeta is what the splits read of a JSON-lines record.
type pageMeta struct {
	ID, Site, URL, Crawl string
}

// readPages calls fn with every record (line) of a JSON-lines file (plain, gzip or zstd)
// and its members id, site, url and crawl.
func readPages(path string, fn func(line []byte, m pageMeta) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	r, done, err := stream.Decompressor(br, stream.SniffCompression(br))
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	defer done()
	lr := bufio.NewReaderSize(r, 1<<20)
	for n := 1; ; n++ {
		line, err := lr.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			var m pageMeta
			var raw struct {
				ID    string `json:"id"`
				Site  string `json:"site"`
				URL   string `json:"url"`
				Crawl any    `json:"crawl"`
			}
			if jerr := json.Unmarshal(line, &raw); jerr != nil {
				return fmt.Errorf("%s:%d: %v", path, n, jerr)
			}
			m.ID, m.Site, m.URL = raw.ID, raw.Site, raw.URL
			if raw.Crawl != nil {
				m.Crawl = fmt.Sprint(raw.Crawl)
			}
			if ferr := fn(line, m); ferr != nil {
				return ferr
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
	}
}

// siteOf is a record's site: its site member, else its URL's host.
func siteOf(m pageMeta) string {
	if m.Site != "" {
		return m.Site
	}
	if u, err := url.Parse(m.URL); err == nil {
		return u.Host
	}
	return ""
}

// foldOfSite is the cross-validation fold of a site of a set, as scripts/contentmodel
// assigns it (the group of a page is SET/SITE, the site its record's site member).
func foldOfSite(set, site string) int { return content.FoldOf(set+"/"+site, cvFolds) }

// partWriter writes records into numbered zstd JSON-lines files.
type partWriter struct {
	paths  []string
	w      []io.WriteCloser
	counts []int
}

func newPartWriter(paths []string) (*partWriter, error) {
	p := &partWriter{paths: paths, w: make([]io.WriteCloser, len(paths)), counts: make([]int, len(paths))}
	for i, path := range paths {
		w, err := stream.Create(path, nil, true)
		if err != nil {
			p.close()
			return nil, err
		}
		p.w[i] = w
	}
	return p, nil
}

func (p *partWriter) write(i int, line []byte) error {
	p.counts[i]++
	if len(line) == 0 || line[len(line)-1] != '\n' {
		line = append(line, '\n')
	}
	_, err := p.w[i].Write(line)
	return err
}

func (p *partWriter) close() error {
	var first error
	for _, w := range p.w {
		if w != nil {
			if err := w.Close(); err != nil && first == nil {
				first = err
			}
		}
	}
	return first
}

// splitJSONL writes each record of in into the part part(m) returns (-1: none), with its
// site member replaced by site(m) when site is not nil. It returns the records per part.
func splitJSONL(in string, outs []string, part func(pageMeta) int, site func(pageMeta) string) ([]int, error) {
	pw, err := newPartWriter(outs)
	if err != nil {
		return nil, err
	}
	err = readPages(in, func(line []byte, m pageMeta) error {
		i := part(m)
		if i < 0 {
			return nil
		}
		if i >= len(outs) {
			return fmt.Errorf("split: part %d of %d", i, len(outs))
		}
		if site != nil {
			var err error
			if line, err = setMember(line, "site", site(m)); err != nil {
				return err
			}
		}
		return pw.write(i, line)
	})
	if cerr := pw.close(); err == nil {
		err = cerr
	}
	return pw.counts, err
}

// setMember returns the JSON object line with member name set to the string v (the other
// members kept as they are, their order aside).
func setMember(line []byte, name, v string) ([]byte, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(line, &obj); err != nil {
		return nil, err
	}
	b, _ := json.Marshal(v)
	obj[name] = b
	return json.Marshal(obj)
}

// kSplitter renames each site s of a set to s#0, s#1, ... in groups of k pages in input
// order, so that a tool learning per site sees at most k pages of it.
type kSplitter struct {
	k    int
	seen map[string]int
}

func newKSplitter(k int) *kSplitter { return &kSplitter{k: k, seen: map[string]int{}} }

func (s *kSplitter) site(m pageMeta) string {
	site := siteOf(m)
	n := s.seen[site]
	s.seen[site] = n + 1
	return fmt.Sprintf("%s#%d", site, n/s.k)
}

// warcRecord is one gzip member of a WARC file: its bytes as they are, and its headers.
type warcRecord struct {
	raw      []byte
	typ, uri string
	records  int // WARC records in the member (1 in a well-formed per-record .warc.gz)
}

// readWARCMembers calls fn with every gzip member of a .warc.gz whose records are
// compressed one per member (as the dev sets' are), with the member's WARC-Type and
// WARC-Target-URI. A file that is not gzip is an error: the parts must be copies of the
// bytes the tools would have read.
func readWARCMembers(path string, fn func(r warcRecord) error) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if len(data) < 2 || data[0] != 0x1f || data[1] != 0x8b {
		return fmt.Errorf("%s: not a gzip file: only .warc.gz with one member per record can be split", path)
	}
	br := bytes.NewReader(data) // an io.ByteReader: gzip leaves it just after each member
	var zr *gzip.Reader
	for br.Len() > 0 {
		start := len(data) - br.Len()
		if zr == nil {
			zr, err = gzip.NewReader(br)
		} else {
			err = zr.Reset(br)
		}
		if err != nil {
			return fmt.Errorf("%s: gzip member at byte %d: %v", path, start, err)
		}
		zr.Multistream(false)
		body, err := io.ReadAll(zr)
		if err != nil {
			return fmt.Errorf("%s: gzip member at byte %d: %v", path, start, err)
		}
		rec := warcRecord{raw: data[start : len(data)-br.Len()], records: bytes.Count(body, []byte("\nWARC/1."))}
		if bytes.HasPrefix(body, []byte("WARC/1.")) {
			rec.records++
		}
		head, _, _ := bytes.Cut(body, []byte("\r\n\r\n"))
		for _, l := range strings.Split(string(head), "\r\n") {
			k, v, ok := strings.Cut(l, ":")
			if !ok {
				continue
			}
			switch strings.ToLower(strings.TrimSpace(k)) {
			case "warc-type":
				rec.typ = strings.TrimSpace(v)
			case "warc-target-uri":
				rec.uri = strings.Trim(strings.TrimSpace(v), "<>")
			}
		}
		if err := fn(rec); err != nil {
			return err
		}
	}
	return nil
}

// warcSplit is what splitting a WARC by fold found.
type warcSplit struct {
	Counts     []int // pages (records with a known target URI) per part
	Unassigned int   // records with a target URI the map does not know (written to part 0)
	Straddling int   // hosts whose pages fall in more than one part
}

// splitWARC copies the gzip members of in into the parts: warcinfo records into every part,
// a record whose target URI is in partOf into that part, any other into part 0 (counted).
func splitWARC(in string, outs []string, partOf map[string]int) (warcSplit, error) {
	res := warcSplit{Counts: make([]int, len(outs))}
	files := make([]*bufio.Writer, len(outs))
	var closers []*os.File
	defer func() {
		for _, f := range closers {
			f.Close()
		}
	}()
	for i, p := range outs {
		f, err := os.Create(p)
		if err != nil {
			return res, err
		}
		closers = append(closers, f)
		files[i] = bufio.NewWriterSize(f, 1<<20)
	}
	hostParts := map[string]map[int]bool{}
	err := readWARCMembers(in, func(r warcRecord) error {
		if r.records > 1 {
			return fmt.Errorf("%s: a gzip member holds %d WARC records: only one record per member can be split", in, r.records)
		}
		if r.typ == "warcinfo" {
			for _, w := range files {
				if _, err := w.Write(r.raw); err != nil {
					return err
				}
			}
			return nil
		}
		i, ok := partOf[r.uri]
		if !ok {
			i = 0
			if r.uri != "" && (r.typ == "response" || r.typ == "resource") {
				res.Unassigned++
			}
		} else {
			res.Counts[i]++
			if u, err := url.Parse(r.uri); err == nil {
				if hostParts[u.Host] == nil {
					hostParts[u.Host] = map[int]bool{}
				}
				hostParts[u.Host][i] = true
			}
		}
		_, err := files[i].Write(r.raw)
		return err
	})
	for _, ps := range hostParts {
		if len(ps) > 1 {
			res.Straddling++
		}
	}
	for i, w := range files {
		if ferr := w.Flush(); ferr != nil && err == nil {
			err = ferr
		}
		if cerr := closers[i].Close(); cerr != nil && err == nil {
			err = cerr
		}
	}
	closers = nil
	return res, err
}

// urlFolds maps each URL of the gold records of set to the fold of its site.
func urlFolds(gold, set string) (map[string]int, error) {
	out := map[string]int{}
	err := readPages(gold, func(_ []byte, m pageMeta) error {
		if m.URL == "" {
			return nil
		}
		f := foldOfSite(set, siteOf(m))
		if old, ok := out[m.URL]; ok && old != f {
			return fmt.Errorf("%s: url %s is on two sites of different folds", gold, m.URL)
		}
		out[m.URL] = f
		return nil
	})
	if err == nil && len(out) == 0 {
		err = errors.New(gold + ": no record has a url")
	}
	return out, err
}
