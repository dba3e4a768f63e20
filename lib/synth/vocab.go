package synth

import (
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"
)

// zipf draws ranks 0..n-1 with P(k) proportional to 1/(k+1)^s, by binary search in a
// cumulative table. It is written here rather than taken from math/rand/v2 so that the
// sequence depends only on the PCG stream, which the Go project keeps stable.
type zipf struct {
	cdf []float64
}

func newZipf(n int, s float64) *zipf {
	z := &zipf{cdf: make([]float64, n)}
	total := 0.0
	for k := range n {
		total += 1 / math.Pow(float64(k+1), s)
		z.cdf[k] = total
	}
	for k := range z.cdf {
		z.cdf[k] /= total
	}
	return z
}

func (z *zipf) draw(r *rand.Rand) int {
	u := r.Float64()
	k := sort.SearchFloat64s(z.cdf, u)
	if k >= len(z.cdf) {
		k = len(z.cdf) - 1
	}
	return k
}

// commonEnglish holds the head of the English vocabulary in rough frequency order; the long
// tail is made of pronounceable pseudo-words, so content text has a realistic Zipf profile
// without shipping a word list.
var commonEnglish = strings.Fields(`the of and to a in is that for it was on with as he be at by
this had not are but from or have an they which one you were her all she there would their we
him been has when who will more no if out so said what up its about into than them can only
other new some could time these two may then do first any my now such like our over man me even
most made after also did many before must through back years where much your way well down
should because each just those people how too little state good very make world still own see
men work long get here between both life being under never day same another know while last
might us great old year off come since against go came right used take three city report
government market public council school police water local week company house plan month group
service team court health money season officials country women children night business president
power system program question during without again place around however home small found
thought went say part once general high upon every does got number always until left end along
later among early family point open less next`)

var (
	syllOnsets = strings.Fields("b c d f g h j k l m n p r s t v w z b d k l m n p r s t br st tr ch sh th pl gr")
	syllVowels = strings.Fields("a e i o u a e i o u ai ea ou")
	syllCodas  = []string{"", "", "", "", "", "", "n", "r", "s", "l", "t", "m", "nd", "st"}
)

const englishVocabSize = 6000

var (
	englishOnce  sync.Once
	englishWords []string
	englishHead  int // number of common words at the head of englishWords
)

// englishVocabulary returns the shared word list: the common words first, then pseudo-words
// drawn from a fixed stream (independent of any Config) so every corpus uses the same words.
func englishVocabulary() []string {
	englishOnce.Do(func() {
		r := rand.New(rand.NewPCG(0x5eed, 0x70ca))
		seen := make(map[string]bool, englishVocabSize)
		words := make([]string, 0, englishVocabSize)
		for _, w := range commonEnglish {
			if !seen[w] {
				seen[w] = true
				words = append(words, w)
			}
		}
		englishHead = len(words)
		var sb strings.Builder
		for len(words) < englishVocabSize {
			sb.Reset()
			n := 2
			switch q := r.IntN(20); {
			case q < 4:
				n = 1
			case q >= 15:
				n = 3
			}
			for range n {
				sb.WriteString(syllOnsets[r.IntN(len(syllOnsets))])
				sb.WriteString(syllVowels[r.IntN(len(syllVowels))])
				sb.WriteString(syllCodas[r.IntN(len(syllCodas))])
			}
			w := sb.String()
			if len(w) < 3 || len(w) > 10 || seen[w] {
				continue
			}
			seen[w] = true
			words = append(words, w)
		}
		englishWords = words
	})
	return englishWords
}

// Japanese-like vocabulary: particles and endings at the head, then kanji compounds and
// katakana words. No ASCII at all, so a CJK site's content holds no ASCII letters.
var (
	cjkParticles = strings.Fields(`の は が を に で と も へ から まで より や など という として について による
	した する された している です ます ました だった ない なる れる られる こと もの ため よう`)
	cjkKanji = []rune(`日本人大年中出国会上時行方生事自社者地業合市内部同所新場動長間問題経済政府
	関係東京世界情報開発計画制度利用活動企業技術研究環境地域教育文化社会生活医療福祉安全対策影響
	結果調査発表予定今後状況必要重要可能全体一部最近現在以上以下実施検討判断理由意見説明支援提供
	価格市場産業販売消費投資金融銀行株式通貨輸出輸入交通鉄道空港道路建設住宅都市農業漁業食品電力
	資源気候温度天気災害地震台風選挙議員首相大臣外交国際条約交渉協議会談代表委員議会法律裁判警察`)
	cjkKatakana = []rune(`アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン` +
		`ガギグゲゴザジズゼゾダデドバビブベボパピプペポー`)
)

const cjkVocabSize = 3000

var (
	cjkOnce  sync.Once
	cjkWords []string
	cjkHead  int
)

func cjkVocabulary() []string {
	cjkOnce.Do(func() {
		r := rand.New(rand.NewPCG(0x5eed, 0xca71))
		seen := make(map[string]bool, cjkVocabSize)
		words := make([]string, 0, cjkVocabSize)
		for _, w := range cjkParticles {
			if !seen[w] {
				seen[w] = true
				words = append(words, w)
			}
		}
		cjkHead = len(words)
		var kanji []rune
		for _, c := range cjkKanji {
			if c > 0x3000 {
				kanji = append(kanji, c)
			}
		}
		for len(words) < cjkVocabSize {
			var w []rune
			if r.IntN(5) == 0 {
				n := 3 + r.IntN(3)
				for range n {
					w = append(w, cjkKatakana[r.IntN(len(cjkKatakana))])
				}
			} else {
				n := 2 + r.IntN(2)
				if r.IntN(4) == 0 {
					n = 4
				}
				for range n {
					w = append(w, kanji[r.IntN(len(kanji))])
				}
			}
			s := string(w)
			if seen[s] {
				continue
			}
			seen[s] = true
			words = append(words, s)
		}
		cjkWords = words
	})
	return cjkWords
}

// lexicon is one site's view of a vocabulary: the head keeps its order (function words are
// frequent everywhere), the tail is permuted per site so that each site has its own topics.
type lexicon struct {
	words []string
	ranks map[string]int
	z     *zipf
	cjk   bool
}

func newLexicon(r *rand.Rand, cjk bool) *lexicon {
	var base []string
	var head int
	if cjk {
		base = cjkVocabulary()
		head = cjkHead
	} else {
		base = englishVocabulary()
		head = englishHead
	}
	words := append([]string(nil), base...)
	tail := words[head:]
	r.Shuffle(len(tail), func(i, j int) { tail[i], tail[j] = tail[j], tail[i] })
	ranks := make(map[string]int, len(words))
	for i, w := range words {
		ranks[w] = i
	}
	return &lexicon{words: words, ranks: ranks, z: newZipf(len(words), 1.0), cjk: cjk}
}

// rank is the word's position in this site's vocabulary (for tag URLs), -1 if unknown.
func (l *lexicon) rank(w string) int {
	if i, ok := l.ranks[w]; ok {
		return i
	}
	return -1
}

func (l *lexicon) word(r *rand.Rand) string { return l.words[l.z.draw(r)] }

// tailWord draws from the rarer part of the vocabulary: names of things for titles, tags and
// navigation labels.
func (l *lexicon) tailWord(r *rand.Rand) string {
	head := 200
	return l.words[head+r.IntN(len(l.words)-head)]
}
