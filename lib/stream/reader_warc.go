package stream

import (
	"bufio"
	"errors"
	"strings"
	"unicode/utf8"
)

// TEMPORARY until lib/warc lands: wired in the next commit.
func newWARCSource(br *bufio.Reader, name string, opts Options) (source, error) {
	return nil, errors.New("WARC input not wired yet")
}

func decodeHTML(body []byte, contentType string) string {
	if utf8.Valid(body) {
		return string(body)
	}
	return strings.ToValidUTF8(string(body), "\uFFFD")
}
