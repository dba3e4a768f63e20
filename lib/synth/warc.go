package synth

import (
	"bufio"
	"encoding/json"
	"io"
	"strconv"
	"time"
)

// ResponseWriter is the part of a WARC writer that WriteWARC needs; lib/warc's *Writer has
// it. (An interface, so that lib/warc's own tests can use this package without a cycle.)
type ResponseWriter interface {
	// WriteResponse writes a response record and returns its WARC-Record-ID.
	WriteResponse(targetURI, date, httpHeader string, body []byte) (string, error)
}

// GoldRecord is a line of the gold file written beside a WARC: the page's gold keyed by
// url (and by the WARC-Record-ID of its response record), without the HTML.
type GoldRecord struct {
	ID           string   `json:"id"`
	WARCRecordID string   `json:"warc_record_id"`
	URL          string   `json:"url"`
	Site         string   `json:"site"`
	Gold         string   `json:"gold"`
	GoldTitle    string   `json:"gold_title"`
	GoldSpans    [][2]int `json:"gold_spans"`
	Kind         string   `json:"kind"`
	Template     string   `json:"template"`
	Shape        string   `json:"shape,omitempty"`
}

// WriteWARC writes every page of cfg as a WARC response record to rw (with an HTTP header:
// status, Date, Server, Content-Type and Content-Length; template B pages declare no charset
// in HTTP, so readers find it in the page's <meta>), and its GoldRecord as a JSON line to
// gold (which may be nil). The body is the page's HTML unchanged, so gold_spans are byte
// offsets into the decoded payload as well. WriteWARC does not write a warcinfo record and
// closes neither writer; it flushes gold.
func WriteWARC(rw ResponseWriter, gold io.Writer, cfg Config) error {
	var enc *json.Encoder
	var bw *bufio.Writer
	if gold != nil {
		bw = bufio.NewWriterSize(gold, 1<<16)
		enc = json.NewEncoder(bw)
		enc.SetEscapeHTML(false)
	}
	var hdr []byte
	err := Each(cfg, func(p *Page) error {
		hdr = HTTPHeader(hdr[:0], p)
		id, err := rw.WriteResponse(p.URL, p.Date, string(hdr), []byte(p.HTML))
		if err != nil || enc == nil {
			return err
		}
		return enc.Encode(GoldRecord{ID: p.ID, WARCRecordID: id, URL: p.URL, Site: p.Site, Gold: p.Gold,
			GoldTitle: p.GoldTitle, GoldSpans: p.GoldSpans, Kind: p.Kind, Template: p.Template, Shape: p.Shape})
	})
	if err != nil {
		return err
	}
	if bw != nil {
		return bw.Flush()
	}
	return nil
}

// HTTPHeader appends the HTTP response header WriteWARC stores for p (CRLF line ends,
// without the blank line that ends it).
func HTTPHeader(b []byte, p *Page) []byte {
	date, err := time.Parse(time.RFC3339, p.Date)
	if err != nil {
		date = time.Unix(0, 0)
	}
	b = append(b, "HTTP/1.1 200 OK\r\nDate: "...)
	b = date.UTC().AppendFormat(b, "Mon, 02 Jan 2006 15:04:05 GMT")
	b = append(b, "\r\nServer: nginx\r\nContent-Type: text/html"...)
	if p.Template != "B" {
		b = append(b, "; charset=utf-8"...)
	}
	b = append(b, "\r\nContent-Length: "...)
	b = strconv.AppendInt(b, int64(len(p.HTML)), 10)
	b = append(b, "\r\nCache-Control: max-age=300\r\n"...)
	return b
}
