package warc

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/htmlindex"
)

// detectTexts are short news paragraphs written for these tests, each with
// the legacy encodings a page in its language is found in.
var detectTexts = []struct {
	lang, text string
	encodings  []string
}{
	{"zh-Hans", "今天上午，市政府召开新闻发布会，介绍了今年上半年全市经济运行情况。据统计，上半年全市地区生产总值同比增长百分之六点五，工业和服务业保持稳定发展。有关负责人表示，下一步将继续推进重点项目建设，努力扩大就业，改善民生。",
		[]string{"gbk"}},
	{"zh-Hant", "今天上午，市政府召開記者會，介紹了今年上半年全市經濟運行情況。據統計，上半年全市生產總值比去年同期增長百分之六點五，工業和服務業保持穩定發展。有關負責人表示，下一步將繼續推動重點項目建設，努力擴大就業，改善民生。",
		[]string{"big5"}},
	{"ja", "東京都は二十日、新しい感染対策の方針を発表しました。都内の病院では、入院患者の数が先週より少し減っていますが、専門家は引き続き注意が必要だと話しています。知事は記者会見で、皆さんにはマスクの着用と手洗いを続けてほしいと呼びかけました。",
		[]string{"shift_jis", "euc-jp"}},
	{"ko", "서울시는 오늘 오전 새로운 교통 정책을 발표했습니다. 시는 내년부터 시내버스 노선을 조정하고 지하철 운행 시간을 늘릴 계획이라고 밝혔습니다. 시민들은 출퇴근 시간이 줄어들 것으로 기대하고 있으며, 전문가들은 환경 개선에도 도움이 될 것이라고 말했습니다.",
		[]string{"euc-kr"}},
	{"ru", "В понедельник правительство объявило о новых мерах поддержки малого бизнеса. По словам министра, компании смогут получить льготные кредиты и отсрочку по налогам до конца года. Эксперты считают, что эти решения помогут сохранить рабочие места в регионах.",
		[]string{"windows-1251", "koi8-r"}},
	{"uk", "У понеділок уряд оголосив про нові заходи підтримки малого бізнесу. За словами міністра, підприємства зможуть отримати пільгові кредити та відстрочку податків до кінця року. Експерти вважають, що ці рішення допоможуть зберегти робочі місця.",
		[]string{"windows-1251", "koi8-u"}},
	{"bg", "В понеделник правителството обяви нови мерки за подкрепа на малкия бизнес. Според министъра фирмите ще могат да получат кредити при изгодни условия и отсрочка на данъците до края на годината.",
		[]string{"windows-1251"}},
	{"pl", "W poniedziałek rząd ogłosił nowe działania wspierające małe firmy. Według ministra przedsiębiorstwa będą mogły otrzymać preferencyjne kredyty oraz odroczenie podatków do końca roku. Eksperci uważają, że te decyzje pomogą zachować miejsca pracy w regionach.",
		[]string{"windows-1250", "iso-8859-2"}},
	{"cs", "V pondělí vláda oznámila nová opatření na podporu malých podniků. Podle ministra budou moci firmy získat zvýhodněné úvěry a odklad daní do konce roku. Odborníci se domnívají, že tato rozhodnutí pomohou zachovat pracovní místa v regionech. Škoda a Žďár též.",
		[]string{"windows-1250", "iso-8859-2"}},
	{"sk", "V pondelok vláda oznámila nové opatrenia na podporu malých podnikov. Podľa ministra budú môcť firmy získať zvýhodnené úvery a odklad daní do konca roka. Odborníci sa domnievajú, že tieto rozhodnutia pomôžu zachovať pracovné miesta.",
		[]string{"windows-1250", "iso-8859-2"}},
	{"hu", "Hétfőn a kormány új intézkedéseket jelentett be a kisvállalkozások támogatására. A miniszter szerint a cégek kedvezményes hitelt és adóhalasztást kaphatnak az év végéig. A szakértők úgy vélik, hogy ezek a döntések segítenek megőrizni a munkahelyeket.",
		[]string{"windows-1250", "iso-8859-2"}},
	{"hr", "U ponedjeljak je vlada najavila nove mjere potpore malim poduzećima. Prema riječima ministra, tvrtke će moći dobiti povoljne kredite i odgodu plaćanja poreza do kraja godine. Stručnjaci smatraju da će te odluke pomoći očuvati radna mjesta.",
		[]string{"windows-1250", "iso-8859-2"}},
	{"ro", "Luni, guvernul a anunţat noi măsuri de sprijin pentru întreprinderile mici. Potrivit ministrului, firmele vor putea obţine credite avantajoase şi amânarea plăţii impozitelor până la sfârşitul anului. Experţii cred că aceste decizii vor ajuta la păstrarea locurilor de muncă.",
		[]string{"windows-1250", "iso-8859-2"}},
	{"el", "Τη Δευτέρα η κυβέρνηση ανακοίνωσε νέα μέτρα στήριξης για τις μικρές επιχειρήσεις. Σύμφωνα με τον υπουργό, οι εταιρείες θα μπορούν να λάβουν δάνεια με ευνοϊκούς όρους και αναστολή φόρων έως το τέλος του έτους.",
		[]string{"windows-1253"}},
	{"tr", "Pazartesi günü hükümet küçük işletmelere yönelik yeni destek önlemlerini açıkladı. Bakanın açıklamasına göre şirketler yıl sonuna kadar uygun koşullu kredi ve vergi ertelemesi alabilecek. Uzmanlar bu kararların bölgelerdeki istihdamı korumaya yardımcı olacağını düşünüyor.",
		[]string{"windows-1254"}},
	{"he", "ביום שני הודיעה הממשלה על צעדים חדשים לתמיכה בעסקים קטנים. לדברי השר, חברות יוכלו לקבל הלוואות בתנאים נוחים ודחייה של תשלומי מסים עד סוף השנה. מומחים סבורים שההחלטות יעזרו לשמור על מקומות עבודה.",
		[]string{"windows-1255"}},
	{"ar", "أعلنت الحكومة يوم الاثنين عن إجراءات جديدة لدعم الشركات الصغيرة. وقال الوزير إن الشركات ستتمكن من الحصول على قروض ميسرة وتأجيل دفع الضرائب حتى نهاية العام. ويرى الخبراء أن هذه القرارات ستساعد في الحفاظ على فرص العمل.",
		[]string{"windows-1256"}},
	{"fa", "روز دوشنبه دولت از اقدامات تازه\u200cاي براي حمايت از کسب\u200cوکارهاي کوچک خبر داد. به گفته وزير، شرکت\u200cها مي\u200cتوانند تا پايان سال وام با شرايط آسان دريافت کنند.",
		[]string{"windows-1256"}},
	{"lt", "Pirmadienį vyriausybė paskelbė naujas smulkiojo verslo rėmimo priemones. Pasak ministro, įmonės galės gauti lengvatinių paskolų ir atidėti mokesčių mokėjimą iki metų pabaigos. Ekspertai mano, kad šie sprendimai padės išsaugoti darbo vietas.",
		[]string{"windows-1257"}},
	{"lv", "Pirmdien valdība paziņoja par jauniem atbalsta pasākumiem mazajiem uzņēmumiem. Pēc ministra teiktā, uzņēmumi varēs saņemt izdevīgus kredītus un nodokļu atlikšanu līdz gada beigām. Eksperti uzskata, ka šie lēmumi palīdzēs saglabāt darba vietas.",
		[]string{"windows-1257"}},
	{"th", "เมื่อวันจันทร์ รัฐบาลได้ประกาศมาตรการใหม่เพื่อช่วยเหลือธุรกิจขนาดเล็ก รัฐมนตรีกล่าวว่า บริษัทต่างๆ จะสามารถขอสินเชื่อดอกเบี้ยต่ำและเลื่อนการชำระภาษีได้จนถึงสิ้นปี ผู้เชี่ยวชาญเชื่อว่ามาตรการนี้จะช่วยรักษาการจ้างงาน",
		[]string{"windows-874"}},
}

// westernTexts are in windows-1252: the detector must leave them to the
// windows-1252 default.
var westernTexts = []struct{ lang, text string }{
	{"de", "Am Montag kündigte die Regierung neue Maßnahmen zur Unterstützung kleiner Unternehmen an. Laut dem Minister können Firmen bis zum Jahresende günstige Kredite und einen Steueraufschub erhalten. Experten glauben, dass diese Entscheidungen Arbeitsplätze in den Regionen sichern – „endlich“, sagt ein Händler."},
	{"fr", "Lundi, le gouvernement a annoncé de nouvelles mesures de soutien aux petites entreprises. Selon le ministre, les sociétés pourront obtenir des prêts à taux réduit et un report d'impôts jusqu'à la fin de l'année. Les experts estiment que ces décisions aideront à préserver l'emploi dans les régions : « c'est un début »."},
	{"es", "El lunes, el Gobierno anunció nuevas medidas de apoyo a las pequeñas empresas. Según el ministro, las compañías podrán obtener créditos en condiciones favorables y aplazar el pago de impuestos hasta final de año. ¿Será suficiente? Los expertos creen que sí, aunque piden más ayudas para la región."},
	{"pt", "Na segunda-feira, o governo anunciou novas medidas de apoio às pequenas empresas. Segundo o ministro, as empresas poderão obter créditos em condições favoráveis e adiar o pagamento de impostos até ao fim do ano. Os especialistas acreditam que estas decisões vão ajudar a manter os empregos nas regiões."},
	{"it", "Lunedì il governo ha annunciato nuove misure a sostegno delle piccole imprese. Secondo il ministro, le società potranno ottenere prestiti agevolati e il rinvio delle tasse fino alla fine dell'anno. Gli esperti ritengono che queste decisioni aiuteranno a mantenere i posti di lavoro: è un passo, però non basta."},
	{"nl", "Op maandag kondigde de regering nieuwe maatregelen aan ter ondersteuning van kleine bedrijven. Volgens de minister kunnen ondernemingen tot het einde van het jaar goedkope leningen en uitstel van belastingen krijgen. Ook cafés en crèches komen in aanmerking; de reünie van ondernemers was tevreden."},
	{"sv", "På måndagen presenterade regeringen nya åtgärder för att stödja små företag. Enligt ministern kan företagen få förmånliga lån och skjuta upp skatten till årets slut. Experter tror att besluten kommer att rädda jobb i regionerna."},
	{"da", "Mandag præsenterede regeringen nye tiltag til støtte for små virksomheder. Ifølge ministeren kan virksomhederne få lån på gunstige vilkår og udskyde skatten til årets udgang. Eksperter mener, at beslutningerne vil bevare arbejdspladser."},
	{"fi", "Hallitus ilmoitti maanantaina uusista toimista pienten yritysten tukemiseksi. Ministerin mukaan yritykset voivat saada edullisia lainoja ja lykätä veronmaksua vuoden loppuun asti. Asiantuntijoiden mielestä päätökset säilyttävät työpaikkoja."},
	{"is", "Á mánudaginn kynnti ríkisstjórnin nýjar aðgerðir til stuðnings litlum fyrirtækjum. Að sögn ráðherrans geta fyrirtæki fengið hagstæð lán og frestað skattgreiðslum til áramóta. Sérfræðingar telja að þetta verji störf."},
	{"ca", "Dilluns el govern va anunciar noves mesures de suport a les petites empreses. Segons el ministre, les empreses podran obtenir préstecs en condicions favorables i ajornar el pagament d'impostos fins a final d'any. La col·laboració és clau, diuen."},
	{"en", "The government said on Monday that “small firms” will get cheap loans — and a tax delay until the year’s end. Prices from £5 or €6; café owners welcome it. © 2024 News Ltd. All rights reserved. Temperatures near 30°C… • More"},
}

func encodeText(t *testing.T, text, name string) []byte {
	t.Helper()
	e, err := htmlindex.Get(name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := e.NewEncoder().Bytes([]byte(text))
	if err != nil {
		t.Fatalf("%s cannot encode %q: %v", name, text, err)
	}
	return b
}

// page wraps text in an unlabelled HTML page.
func page(text string) string {
	return "<!DOCTYPE html><html><head><title>News</title></head><body><div class=\"article\"><p>" + text + "</p></div></body></html>\n"
}

// shortText is the start of text, about n characters cut at a space: a
// headline-sized page.
func shortText(text string, n int) string {
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	s := string(r[:n])
	if i := strings.LastIndexByte(s, ' '); i > n/2 {
		s = s[:i]
	}
	return s
}

// latinNear1252 are the detected encodings of Latin script, which differ
// from windows-1252 in a few letters: short texts in them may read as
// plausibly in windows-1252 ("vyriausybė" and Albanian "ë"), and the
// detector then keeps the default.
var latinNear1252 = map[string]bool{"windows-1250": true, "iso-8859-2": true, "windows-1254": true, "windows-1257": true}

// TestDetectLegacyEncodings: unlabelled pages in each encoding the detector
// knows decode to their text through DecodeHTML's detector: a page (the
// paragraph three times), the paragraph, and a headline of 40 characters.
// Headlines in the Latin-script encodings near windows-1252, and the
// Hungarian and Croatian paragraphs (their only letters apart from
// windows-1252 are ő ű, č ć: 9 to 27 bytes >= 0x80), may stay windows-1252,
// but never read as a third encoding.
func TestDetectLegacyEncodings(t *testing.T) {
	for _, c := range detectTexts {
		for _, enc := range c.encodings {
			for _, size := range []struct {
				name string
				text string
			}{{"page", strings.Repeat(c.text+" ", 3)}, {"paragraph", c.text}, {"short", shortText(c.text, 40)}} {
				text := page(size.text)
				body := encodeText(t, text, enc)
				if utf8.Valid(body) {
					continue // ASCII only
				}
				html, charset, source := DecodeHTML(body, "text/html")
				switch {
				case html == text && source == CharsetDetect:
					if charset != enc {
						t.Logf("%s in %s (%s): read as %s, the same text", c.lang, enc, size.name, charset)
					}
				case latinNear1252[enc] && source == CharsetFallback &&
					(size.name == "short" || size.name == "paragraph" && (c.lang == "hu" || c.lang == "hr")):
					t.Logf("%s in %s (%s): too short to tell from windows-1252", c.lang, enc, size.name)
				default:
					t.Errorf("%s in %s (%s): got %s by %s: %q", c.lang, enc, size.name, charset, source, html[min(len(html), 100):min(len(html), 200)])
				}
			}
		}
	}
}

// TestDetectKeepsWestern: pages in windows-1252, of a paragraph and of a
// headline, stay windows-1252 (no detection), and so does a page whose only
// non-ASCII bytes are signs.
func TestDetectKeepsWestern(t *testing.T) {
	texts := westernTexts
	texts = append(texts, struct{ lang, text string }{"signs", "Read more » – © 2024 ‘Quoted’ · 10 €"})
	for _, c := range texts {
		for _, n := range []int{1 << 20, 40, 12} {
			text := page(shortText(c.text, n))
			body := encodeText(t, text, "windows-1252")
			if utf8.Valid(body) {
				continue // ASCII: nothing to detect
			}
			html, charset, source := DecodeHTML(body, "")
			if html != text || charset != "windows-1252" || source != CharsetFallback {
				t.Errorf("%s (%d chars): got %s by %s", c.lang, n, charset, source)
			}
		}
	}
}

// TestDetectLimits: the detector reads a bounded prefix and stops at its
// quota of bytes >= 0x80, and it never runs on UTF-8 or labelled pages.
func TestDetectLimits(t *testing.T) {
	ru := encodeText(t, detectTexts[4].text, "windows-1251")
	// Far into a large page.
	body := append([]byte(strings.Repeat("<p>ascii only</p>\n", 50000)), ru...)
	if _, cs, src := DecodeHTML(body, ""); cs != "windows-1251" || src != CharsetDetect {
		t.Errorf("after 900 KB of ASCII: %s by %s", cs, src)
	}
	body = append([]byte(strings.Repeat("<p>ascii only</p>\n", 20000)), body...)
	if _, cs, src := DecodeHTML(body, ""); cs != "windows-1252" || src != CharsetFallback {
		t.Errorf("past the 1 MB the detector reads: %s by %s", cs, src)
	}
	isl, n := islands(append(ru, ru...))
	if n > detectNonASCII+64 || len(isl) == 0 {
		t.Errorf("islands: %d bytes >= 0x80", n)
	}
	big := []byte(strings.Repeat(string(ru), 40))
	if _, n := islands(big); n < detectNonASCII || n > detectNonASCII+64 {
		t.Errorf("islands of a long page: %d bytes >= 0x80, want about %d", n, detectNonASCII)
	}
	if _, cs, src := DecodeHTML(append([]byte(`<meta charset="koi8-r">`), ru...), ""); cs != "koi8-r" || src != CharsetMeta {
		t.Errorf("a label wins: %s by %s", cs, src)
	}
}

// TestLateMeta: a <meta> after the first 1024 bytes decides when the bytes
// are not UTF-8, within the head only, outside scripts and styles.
func TestLateMeta(t *testing.T) {
	pad := "<title>" + strings.Repeat("x", 1100) + "</title>"
	pl := string(encodeText(t, "Wiadomości: ąśź", "iso-8859-2"))
	cases := []struct {
		name, body, charset string
		source              CharsetSource
	}{
		{"meta after 1 KB", "<html><head>" + pad + `<meta charset="ISO-8859-2"></head><body>` + pl, "iso-8859-2", CharsetMetaLate},
		{"http-equiv after 1 KB", "<head>" + pad + `<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-2">` + pl, "iso-8859-2", CharsetMetaLate},
		{"meta after body ignored", "<head>" + pad + "</head><body><meta charset=koi8-r>" + pl, "iso-8859-2", CharsetDetect},
		{"meta after <body> ignored", "<head>" + pad + "<body class=x><meta charset=koi8-r>" + pl, "iso-8859-2", CharsetDetect},
		{"meta in script ignored", "<head>" + pad + `<script>document.write("<meta charset=koi8-r>")</script>` + pl, "iso-8859-2", CharsetDetect},
		{"meta after script", "<head>" + pad + `<SCRIPT>var a = "<b>";</SCRIPT><meta charset=windows-1250>` + pl, "windows-1250", CharsetMetaLate},
		{"meta in style ignored", "<head>" + pad + `<style>/* <meta charset=koi8-r> */</style>` + pl, "iso-8859-2", CharsetDetect},
		{"valid UTF-8 beats a late meta", "<head>" + pad + `<meta charset=koi8-r>caf` + "\xc3\xa9", "utf-8", CharsetUTF8},
		{"late meta beyond 64 KB ignored", "<head>" + strings.Repeat(pad, 60) + `<meta charset=koi8-r>` + pl, "iso-8859-2", CharsetDetect},
	}
	for _, c := range cases {
		_, cs, src := DecodeHTML([]byte(c.body), "")
		if cs != c.charset || src != c.source {
			t.Errorf("%s: got %s by %s, want %s by %s", c.name, cs, src, c.charset, c.source)
		}
	}
}
