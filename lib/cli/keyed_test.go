package cli_test

import (
	"bytes"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// keySort orders keyed lines as `LC_ALL=C sort -s -t TAB -k1,1 -k2,2` does.
func keySort(lines string) string {
	ls := strings.Split(strings.TrimRight(lines, "\n"), "\n")
	field := func(l string, i int) string {
		f := strings.SplitN(l, "\t", 3)
		if i < len(f) {
			return f[i]
		}
		return ""
	}
	sort.SliceStable(ls, func(i, j int) bool {
		if a, b := field(ls[i], 0), field(ls[j], 0); a != b {
			return a < b
		}
		return field(ls[i], 1) < field(ls[j], 1)
	})
	return strings.Join(ls, "\n") + "\n"
}

func sortedLines(s string) string {
	ls := strings.Split(strings.TrimRight(s, "\n"), "\n")
	sort.Strings(ls)
	return strings.Join(ls, "\n")
}

func stripKeys(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		_, rest, _ := strings.Cut(l, "\t")
		b.WriteString(rest + "\n")
	}
	return b.String()
}

func toy(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	var out, errOut bytes.Buffer
	if code := run(append([]string{"toy"}, args...), strings.NewReader(stdin), &out, &errOut); code != 0 {
		t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
	}
	return out.String()
}

// TestKeyedJoinEqualsRun: map | sort | learn --keyed, then models and pages
// sorted together through apply --keyed, give exactly run's records.
func TestKeyedJoinEqualsRun(t *testing.T) {
	var in strings.Builder
	for i := range 30 {
		site := []string{"a.com", "b.org", "c.net"}[i%3]
		in.WriteString(`{"id":"` + string(rune('A'+i)) + `","url":"http://` + site + `/` + string(rune('a'+i)) + `","html":"<p>page ` + string(rune('a'+i)) + `</p>"}` + "\n")
	}
	want := toy(t, in.String(), "run", "--sample", "4")

	mapped := toy(t, in.String(), "map")
	models := toy(t, keySort(mapped), "learn", "--keyed", "--sample", "4")
	if n := strings.Count(models, "\n"); n != 3 || !strings.HasPrefix(models, "a.com\t0\t{") {
		t.Fatalf("models:\n%s", models)
	}
	joined := toy(t, keySort(models+mapped), "apply", "--keyed")
	if got := stripKeys(joined); sortedLines(got) != sortedLines(want) {
		t.Fatalf("keyed join:\n%s\nrun:\n%s", got, want)
	}
	keyedRun := toy(t, keySort(mapped), "run", "--keyed", "--sample", "4")
	if sortedLines(stripKeys(keyedRun)) != sortedLines(want) {
		t.Fatalf("run --keyed differs from run")
	}

	// The same with the system's sort, as a Hadoop Streaming job would.
	if _, err := exec.LookPath("sort"); err == nil {
		sortCmd := func(s string) string {
			cmd := exec.Command("sort", "-s", "-t", "\t", "-k1,1", "-k2,2")
			cmd.Env = []string{"LC_ALL=C"}
			cmd.Stdin = strings.NewReader(s)
			out, err := cmd.Output()
			if err != nil {
				t.Fatal(err)
			}
			return string(out)
		}
		if sortCmd(models+mapped) != keySort(models+mapped) {
			t.Fatal("keySort differs from LC_ALL=C sort -s -t TAB -k1,1 -k2,2")
		}
	}
}

func TestKeyedApplyWithoutModel(t *testing.T) {
	var out, errOut bytes.Buffer
	run([]string{"toy", "apply", "--keyed"}, strings.NewReader("x.com\t1\t{\"id\":\"1\",\"html\":\"<p>\"}\nbad line\n"), &out, &errOut)
	if !strings.Contains(out.String(), `no model line for key \"x.com\"`) || !strings.Contains(errOut.String(), "<stdin>:2: keyed line without a TAB") {
		t.Fatalf("stdout %q stderr %q", out.String(), errOut.String())
	}
}
