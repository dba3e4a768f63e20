package stream

import (
	"bufio"
	"errors"
	"fmt"
	"io"

	"github.com/chaffkit/chaff/lib/record"
	"github.com/chaffkit/chaff/lib/warc"
)

// warcSource yields the HTML pages of a WARC (or ARC) file as records
// {"id","url","date","charset","charset_by","html"}: charset is the WHATWG
// name of the encoding the payload was decoded from, charset_by the rule
// that chose it (warc.CharsetSource: bom, http, meta, valid-utf8,
// meta-late, detect, fallback). Other records are skipped with their reason.
type warcSource struct {
	r    *warc.Reader
	name string
	n    int64
	opts Options
	// cut is the failure of the last record when its compressed stream
	// ended early: if no record follows, the input was cut short there and
	// is reported as failed after that record.
	cut error
}

func newWARCSource(br *bufio.Reader, name string, opts Options) (source, error) {
	var wopts []warc.Option
	if opts.MaxRecordBytes > 0 {
		wopts = append(wopts, warc.WithMaxRecordBytes(int64(opts.MaxRecordBytes)))
	}
	r, err := warc.NewReader(br, wopts...)
	if err != nil {
		return nil, err
	}
	return &warcSource{r: r, name: name, opts: opts}, nil
}

func (s *warcSource) Next() (*record.Record, error) {
	rec, err := s.r.Next()
	if err != nil {
		var re *warc.RecordError
		if errors.As(err, &re) {
			s.n++
			s.cut = nil
			if errors.Is(re.Err, io.ErrUnexpectedEOF) {
				s.cut = fmt.Errorf("%w: %w", ErrTruncated, io.ErrUnexpectedEOF)
			}
			return nil, &record.Error{Source: s.name, N: s.n, Loc: re.Where(), Err: re.Err}
		}
		if err == io.EOF && s.cut != nil {
			err, s.cut = s.cut, nil
		}
		return nil, err
	}
	s.n++
	s.cut = nil
	page, err := warc.ToPage(rec)
	if err != nil {
		var skip *warc.SkipError
		if errors.As(err, &skip) {
			return nil, &SkipError{Reason: string(skip.Reason)}
		}
		return nil, &record.Error{Source: s.name, N: s.n, Loc: warc.Location(rec.Offset, rec.Inner), Err: err}
	}
	out := &record.Record{Source: s.name, N: s.n, Offset: page.Offset, Loc: warc.Location(page.Offset, page.Inner), HTMLField: s.opts.HTMLField}
	out.Set("id", page.ID)
	out.Set("url", page.URL)
	if page.Date != "" {
		out.Set("date", page.Date)
	}
	out.Set("charset", page.Charset)
	out.Set("charset_by", page.CharsetSource.String())
	out.Set(out.HTMLMember(), page.HTML)
	return out, nil
}

// decodeHTML decodes an HTML file's bytes to UTF-8 as browsers do.
func decodeHTML(body []byte, contentType string) string {
	html, _, _ := warc.DecodeHTML(body, contentType)
	return html
}
