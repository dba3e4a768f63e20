package devdata

import "testing"

func TestRead(t *testing.T) {
	if Dir() == "" {
		t.Skip("../shared/data is absent")
	}
	want := map[string]int{"big9-2005-2013": 180, "dragnet-even": 160, "cleanportaleval": 71}
	for _, s := range Sets {
		pages, err := Read(s)
		if err != nil {
			t.Fatal(err)
		}
		if len(pages) != want[s] || pages[0].HTML == "" || pages[0].Site == "" {
			t.Errorf("%s: %d pages, first %+v", s, len(pages), pages[0].ID)
		}
	}
}
