package warc

// The letters of the languages the detector knows, for each script, most
// frequent first (approximate orders from published letter-frequency tables;
// loan letters a language's texts often carry come last). For Latin-script
// languages only the letters outside ASCII are listed: the detector scores the
// bytes >= 0x80, and ASCII reads the same in every candidate encoding.
//
// A decoding is plausible when its letters are those of one language of each
// script it uses, and more so when the frequent ones are frequent: see
// letterWeight.

type language struct {
	name    string
	script  script
	letters string
	regions region // for Latin script: the encodings' regions it is written in
}

// region groups Latin-script languages by the legacy encodings that serve
// them: a page in one language of a region often quotes names of another
// (a Spanish page with "Megève"), which should cost little, while a letter
// of no language of the region (Polish ą on a French reading) should cost.
type region uint8

const (
	regionWest    region = 1 << iota // windows-1252
	regionCentral                    // windows-1250, ISO-8859-2
	regionBaltic                     // windows-1257
	regionTurkish                    // windows-1254
	regionAll     region = 0xFF      // other scripts: one region
)

type script uint8

const (
	scriptNone script = iota
	scriptLatin
	scriptCyrillic
	scriptGreek
	scriptHebrew
	scriptArabic
	scriptThai
	numScripts
)

var languages = []language{
	// Latin script.
	{"de", scriptLatin, "üäößéè", regionWest | regionCentral | regionBaltic},
	{"fr", scriptLatin, "éèàêçôîûùâëïœüÿæ", regionWest},
	{"es", scriptLatin, "óíáéñúüç", regionWest},
	{"pt", scriptLatin, "ãçéáíóêõúâàôü", regionWest},
	{"it", scriptLatin, "àèéòùìíóúî", regionWest},
	{"ca", scriptLatin, "àèéòíóúçïü", regionWest},
	{"nl", scriptLatin, "éëïöüèáóçê", regionWest},
	{"da-no", scriptLatin, "øåæéóôü", regionWest},
	{"sv", scriptLatin, "äåöéü", regionWest | regionBaltic},
	{"fi-et", scriptLatin, "äöüõåšž", regionWest | regionBaltic},
	{"is-fo", scriptLatin, "áðíéóúýþæöø", regionWest},
	{"ga", scriptLatin, "áéíóú", regionWest},
	{"sq", scriptLatin, "ëç", regionWest},
	{"pl", scriptLatin, "łęąóśżćńź", regionCentral},
	{"cs", scriptLatin, "íáéřěýčžšůúňťďó", regionCentral},
	{"sk", scriptLatin, "áíéýčžšúľňôťďóäŕĺ", regionCentral},
	{"hu", scriptLatin, "éáőöóüíúű", regionCentral},
	{"hr-sl", scriptLatin, "čšžćđ", regionCentral},
	{"ro", scriptLatin, "ăîșțâşţ", regionCentral},
	{"tr", scriptLatin, "ışçğüöâî", regionTurkish | regionWest},
	{"lt", scriptLatin, "ėšųįūžčąę", regionBaltic},
	{"lv", scriptLatin, "āēīšūņļžčķģ", regionBaltic},
	// Cyrillic.
	{"ru", scriptCyrillic, "оеаинтсрвлкмдпуяыьгзбчйхжшюцщэфъё", regionAll},
	{"uk", scriptCyrillic, "оанивртеськлудмпязбьгчшхжйюцєїщфґ", regionAll},
	{"be", scriptCyrillic, "аоныіерстлквдмпузяьгбчйхжшўюцэфё", regionAll},
	{"bg", scriptCyrillic, "оаеинтрсвлкдпмзябуъгчцжшхфщюйь", regionAll},
	{"sr-mk", scriptCyrillic, "аиоенсртјувкдлпмзгбшчцхжћњљђфџќѓѕ", regionAll},
	// Greek.
	{"el", scriptGreek, "αοιετσνηυρπκμλόίέάήωγδςύθχφώβξζψϊΐϋΰ", regionAll},
	// Hebrew: letters, then the points (niqqud) some texts carry.
	{"he", scriptHebrew, "יוהמלארבתשנעדכקחפםגסןצטזךףץ\u05b0\u05b4\u05b7\u05b8\u05b6\u05b5\u05b9\u05bc\u05bb\u05c1\u05c2", regionAll},
	// Arabic script: Arabic, then Persian and Urdu.
	{"ar", scriptArabic, "اليمونهربتعدفةسقكحجأىشطصإخزضثغذظءؤئآ\u064e\u064f\u0650\u0651\u0652\u064b", regionAll},
	{"fa-ur", scriptArabic, "اینرهدمویتبسلکشزفگعخقجآپحچصطغضذثظژئأۀءہےٹڈڑںھ", regionAll},
	// Thai: consonants, vowels and marks.
	{"th", scriptThai, "านรอกเงมยลวดท่ส้ตะคิีบปหัขจพใโแไืุำู็ึ์ผชซถศณฟญธภฤฝฮษฆฌฎฏฐฑฒฬ๊๋ฦ", regionAll},
}

// langTables are the languages' letters as weights, per script, built once.
type langTable struct {
	script  script
	regions region
	weight  map[rune]float64
}

var langTables = func() []langTable {
	var out []langTable
	for _, l := range languages {
		letters := []rune(l.letters)
		t := langTable{script: l.script, regions: l.regions, weight: make(map[rune]float64, len(letters))}
		for i, r := range letters {
			t.weight[r] = letterWeight(i, len(letters))
		}
		out = append(out, t)
	}
	return out
}()

// letterWeight is the score of a letter of rank i (0 = most frequent) in an
// alphabet of n letters: 1 for the most frequent, falling to 0.5 for the
// rarest of a full alphabet. Short lists (Latin-script languages, which list
// only their letters beyond ASCII) fall less.
func letterWeight(i, n int) float64 {
	return 1 - 0.5*float64(i)/float64(max(n, 16))
}

// Points of a letter outside a language: one of another language of the
// same region, and one of none.
const (
	regionalLetter = 0.2
	foreignLetter  = -1.0
)

// regionLetters are the letters of each region's languages.
var regionLetters = func() map[region]map[rune]bool {
	out := map[region]map[rune]bool{}
	for _, l := range languages {
		for bit := region(1); bit != 0; bit <<= 1 {
			if l.regions&bit == 0 {
				continue
			}
			if out[bit] == nil {
				out[bit] = map[rune]bool{}
			}
			for _, r := range l.letters {
				out[bit][r] = true
			}
		}
	}
	return out
}()

// inRegions tells whether r is a letter of a language of one of regions.
func inRegions(r rune, regions region) bool {
	for bit := region(1); bit != 0; bit <<= 1 {
		if regions&bit != 0 && regionLetters[bit][r] {
			return true
		}
	}
	return false
}
