package synth

import (
	"bufio"
	"encoding/json"
	"io"
)

// WriteJSONL writes the pages of cfg to w as JSON lines, one Page per line, fields in the
// order of Page, HTML not escaped (SetEscapeHTML(false)). It buffers internally and flushes
// before returning; it does not close w. The same cfg always writes the same bytes.
func WriteJSONL(w io.Writer, cfg Config) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	err := Each(cfg, func(p *Page) error { return enc.Encode(p) })
	if err != nil {
		return err
	}
	return bw.Flush()
}
