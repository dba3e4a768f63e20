package clitest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strings"
	"unicode/utf8"
)

// Digest summarises a command's output for a golden file a person can review. If every line
// of out is a JSON object, each becomes one line with its members in order: a value of up to
// 24 bytes whole, an object one level down the same way, any other value as #hash/length (a
// hash of its bytes and their number). Otherwise (a view, a table) the first 20 lines are
// kept, clipped at 80 bytes, then one line gives the number of lines, bytes and a hash of
// the whole. Any change to the output changes the digest; a JSON digest says in which
// record and member.
func Digest(out string) string {
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	allJSON := true
	for _, l := range lines {
		if !strings.HasPrefix(l, "{") || !json.Valid([]byte(l)) {
			allJSON = false
			break
		}
	}
	var b strings.Builder
	if allJSON {
		for _, l := range lines {
			b.WriteString(digestValue([]byte(l), 1))
			b.WriteByte('\n')
		}
		return b.String()
	}
	for i, l := range lines {
		if i == 20 {
			break
		}
		if len(l) > 80 {
			l = firstBytes(l, 80) + "…"
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "[%d lines, %d bytes %s]\n", len(lines), len(out), hash([]byte(out)))
	return b.String()
}

// digestValue summarises one JSON value, opening objects depth levels down.
func digestValue(raw []byte, depth int) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) <= 24 {
		return string(raw)
	}
	if raw[0] != '{' || depth < 0 {
		return fmt.Sprintf("%s/%d", hash(raw), len(raw))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.Token() // {
	var parts []string
	for dec.More() {
		k, _ := dec.Token()
		var v json.RawMessage
		if dec.Decode(&v) != nil {
			return fmt.Sprintf("%s/%d", hash(raw), len(raw))
		}
		parts = append(parts, fmt.Sprintf("%q:%s", k, digestValue(v, depth-1)))
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// firstBytes is the longest prefix of s of at most n bytes that ends between characters.
func firstBytes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func hash(b []byte) string {
	h := fnv.New32a()
	h.Write(b)
	return fmt.Sprintf("#%08x", h.Sum32())
}
