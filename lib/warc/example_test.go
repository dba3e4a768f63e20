package warc_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/chaffkit/chaff/lib/warc"
)

// Write a small .warc.gz, then read its HTML pages back, counting what is
// skipped by reason.
func Example() {
	var file bytes.Buffer
	w, _ := warc.NewWriter(&file) // gzip, one member per record
	w.WriteWarcinfo("2026-01-01T00:00:00Z", []warc.Field{{Name: "software", Value: "example"}})
	w.WriteResponse("http://example.com/", "2026-01-01T00:00:00Z",
		"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=iso-8859-1", []byte("<p>caf\xe9</p>"))
	w.WriteResponse("http://example.com/logo.png", "2026-01-01T00:00:00Z",
		"HTTP/1.1 200 OK\r\nContent-Type: image/png", []byte("\x89PNG"))
	w.Close()

	r, err := warc.NewReader(&file) // compression detected from the first bytes
	if err != nil {
		panic(err)
	}
	defer r.Close()
	skipped := map[warc.SkipReason]int{}
	for {
		rec, err := r.Next()
		if err == io.EOF {
			break
		}
		var re *warc.RecordError
		if errors.As(err, &re) {
			fmt.Println("damaged record at offset", re.Offset)
			continue // the reader has resynchronised
		}
		if err != nil {
			panic(err) // the input itself failed
		}
		page, err := warc.ToPage(rec)
		var skip *warc.SkipError
		if errors.As(err, &skip) {
			skipped[skip.Reason]++
			continue
		}
		fmt.Println(page.URL, page.Charset, page.HTML)
	}
	fmt.Println(skipped)
	// Output:
	// http://example.com/ windows-1252 <p>café</p>
	// map[not-html:1 not-response:1]
}
