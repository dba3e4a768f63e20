package synth

import (
	"math/rand/v2"
	"strings"
	"sync"
)

// Vocabularies of the plain shapes written in Arabic and in Cyrillic (Russian): real function
// words at the head, in rough frequency order, then generated words built as the language
// builds them (Arabic: three-consonant roots in the common derivation patterns, with and
// without the article; Russian: syllables with the usual endings), so that the text looks like
// the script's running text to a tokenizer, a word-entropy counter and a reader, without
// shipping a word list. Each list is drawn from its own fixed stream, independent of any seed.

var arabicCommon = strings.Fields(`في من على إلى عن مع أن هذا هذه التي الذي كان قد لا ما هو هي بين بعد قبل
كل حتى أو ثم لم لكن عند ذلك تلك عام خلال أكثر كما إن وقد فيها منذ حيث يوم غير أيضا بعض لها له هناك
الذين نحو ضد دون عبر أمام اليوم العام الحكومة البلاد المدينة الناس العمل الماء الأرض السوق الوقت`)

var (
	arabicRoots    = []rune("بتجحدذرزسشصطعغفقكلمنهوي")
	arabicPatterns = []string{"CاCC", "CCاC", "CاCCة", "مCCوC", "مCCC", "تCCيC", "CCيC", "CCاCة", "اCCاC", "مCاCC", "CوCC", "CCوC"}
)

var russianCommon = strings.Fields(`и в не на что с по это как к из для от а но о за у же то так все его она они
был была были мы вы бы при до или если уже после только также года время человек работа город
может нет когда даже себя между более очень сейчас здесь тоже снова всегда потом который которые
этого этой свой своей говорит сказал новый новые первый большой дело жизнь день место вопрос`)

var (
	ruOnsets  = strings.Fields("б в г д ж з к л м н п р с т ф х ч ш пр ст тр кр гр бр др пл сл зв")
	ruVowels  = strings.Fields("а е и о у ы я ю о а е и")
	ruCodas   = []string{"", "", "", "", "н", "р", "с", "л", "т", "в", "й", "ст"}
	ruEndings = []string{"", "", "", "ов", "ый", "ая", "ие", "ать", "ить", "ость", "ник", "ка", "ного", "ами", "ой", "ения"}
)

const scriptVocabSize = 4000

var (
	arabicOnce, russianOnce   sync.Once
	arabicWords, russianWords []string
	arabicHead, russianHead   int
)

// arabicVocabulary returns the shared Arabic word list (function words first).
func arabicVocabulary() ([]string, int) {
	arabicOnce.Do(func() {
		r := rand.New(rand.NewPCG(0x5eed, 0xa4ab))
		arabicWords, arabicHead = buildVocab(arabicCommon, r, func() string {
			pat := arabicPatterns[r.IntN(len(arabicPatterns))]
			var sb strings.Builder
			if r.IntN(3) == 0 {
				sb.WriteString("ال")
			}
			for _, c := range pat {
				if c == 'C' {
					sb.WriteRune(arabicRoots[r.IntN(len(arabicRoots))])
				} else {
					sb.WriteRune(c)
				}
			}
			return sb.String()
		})
	})
	return arabicWords, arabicHead
}

// russianVocabulary returns the shared Russian word list (function words first).
func russianVocabulary() ([]string, int) {
	russianOnce.Do(func() {
		r := rand.New(rand.NewPCG(0x5eed, 0x2c51))
		russianWords, russianHead = buildVocab(russianCommon, r, func() string {
			var sb strings.Builder
			for range 1 + r.IntN(3) {
				sb.WriteString(ruOnsets[r.IntN(len(ruOnsets))])
				sb.WriteString(ruVowels[r.IntN(len(ruVowels))])
				sb.WriteString(ruCodas[r.IntN(len(ruCodas))])
			}
			sb.WriteString(ruEndings[r.IntN(len(ruEndings))])
			return sb.String()
		})
	})
	return russianWords, russianHead
}

// buildVocab returns the common words (deduplicated) followed by generated words of 3 to 12
// runes until the list holds scriptVocabSize words, and the number of common words.
func buildVocab(common []string, r *rand.Rand, gen func() string) ([]string, int) {
	seen := make(map[string]bool, scriptVocabSize)
	words := make([]string, 0, scriptVocabSize)
	for _, w := range common {
		if !seen[w] {
			seen[w] = true
			words = append(words, w)
		}
	}
	head := len(words)
	for len(words) < scriptVocabSize {
		w := gen()
		if n := len([]rune(w)); n < 3 || n > 12 || seen[w] {
			continue
		}
		seen[w] = true
		words = append(words, w)
	}
	return words, head
}

// newScriptLexicon is newLexicon for a word list of a spaced script other than English: the
// head keeps its order, the tail is permuted per site.
func newScriptLexicon(r *rand.Rand, base []string, head int) *lexicon {
	words := append([]string(nil), base...)
	tail := words[head:]
	r.Shuffle(len(tail), func(i, j int) { tail[i], tail[j] = tail[j], tail[i] })
	ranks := make(map[string]int, len(words))
	for i, w := range words {
		ranks[w] = i
	}
	return &lexicon{words: words, ranks: ranks, z: newZipf(len(words), 1.0)}
}

// narrow returns the lexicon cut to its n most frequent words, Zipf-distributed as before.
func (l *lexicon) narrow(n int) *lexicon {
	words := l.words[:n:n]
	ranks := make(map[string]int, n)
	for i, w := range words {
		ranks[w] = i
	}
	return &lexicon{words: words, ranks: ranks, z: newZipf(n, 1.0), cjk: l.cjk}
}
