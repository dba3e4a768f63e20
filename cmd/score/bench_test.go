package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchInput is n JSON lines of pages whose prediction is a noisy copy of the gold (extra
// template text around part of it), with an html member of htmlBytes.
func benchInput(n, words, htmlBytes int) []byte {
	rng := rand.New(rand.NewPCG(7, 8))
	vocab := strings.Fields("the a of to and in said report minister data news Café naïve 東京 2024 über market city police game")
	text := func(k int) string {
		var b strings.Builder
		for i := range k {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(vocab[rng.IntN(len(vocab))])
		}
		return b.String()
	}
	html := strings.Repeat("<div class=\"x\">y</div>", htmlBytes/22)
	var b bytes.Buffer
	for i := range n {
		gold := text(words)
		pred := text(words/5) + "\n" + gold[len(gold)/10:] + "\n" + text(words/5)
		g := strings.Fields(gold)
		line, _ := json.Marshal(map[string]any{"id": fmt.Sprint("p", i), "site": fmt.Sprint("s", i%10),
			"html": html, "gold": gold, "text": pred,
			"with": []string{strings.Join(g[10:15], " "), strings.Join(g[len(g)-6:], " ")}, "without": []string{"Subscribe now", "Cookie settings"}})
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// BenchmarkRun measures the whole command on JSON lines in memory: pages/s and MB/s of input.
func BenchmarkRun(b *testing.B) {
	for _, c := range []struct {
		name             string
		metric           string
		words, htmlBytes int
	}{
		{"1000words-50KBhtml", "aeb", 1000, 50 << 10},
		{"5000words-noHTML", "aeb", 5000, 0},
		{"wcxb-5000words-noHTML", "wcxb", 5000, 0},
		{"snippets-5000words-noHTML", "snippets", 5000, 0},
	} {
		b.Run(c.name, func(b *testing.B) {
			const pages = 200
			in := benchInput(pages, c.words, c.htmlBytes)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				if code := run([]string{"score", "-q", "--metric", c.metric, "--by", "site"}, bytes.NewReader(in), io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit %d", code)
				}
			}
			b.ReportMetric(float64(pages*b.N)/b.Elapsed().Seconds(), "pages/s")
		})
	}
}
