package suffix

import "slices"

// Sort fills sa (len(sa) == len(text)) with the suffix array of text: sa[i] is the start of
// the i-th smallest suffix. It uses induced sorting (SA-IS) in O(n) time and, besides sa,
// O(n/8 + 256) bytes at the top level. len(text) must be < 2^31.
func Sort(text []byte, sa []int32) {
	if len(sa) != len(text) {
		panic("suffix: Sort: len(sa) != len(text)")
	}
	sais(text, sa, 256, nil)
}

// sortBWT is Sort that also fills bwt (len(bwt) == len(text)) with the Burrows-Wheeler
// transform: bwt[i] = text[sa[i]-1], and text[len(text)-1] where sa[i] = 0. The last
// induction step reads every one of these bytes anyway, in suffix-array order; the walk
// would otherwise read them at random places in the text.
func sortBWT(text []byte, sa []int32, bwt []byte) {
	if len(sa) != len(text) || len(bwt) != len(text) {
		panic("suffix: sortBWT: lengths differ")
	}
	sais(text, sa, 256, bwt)
	if len(text) == 1 {
		bwt[0] = text[0]
	}
}

// bitset of suffix types: a set bit marks an S-type suffix.
type types []uint64

func (t types) s(i int) bool { return t[i>>6]&(1<<(uint(i)&63)) != 0 }
func (t types) set(i int)    { t[i>>6] |= 1 << (uint(i) & 63) }

// lms reports whether suffix i is leftmost-S-type.
func (t types) lms(i int) bool { return i > 0 && t.s(i) && !t.s(i-1) }

// sais sorts the suffixes of s, whose symbols are in [0,k), into sa. The string is taken to
// end with a virtual sentinel smaller than every symbol. bwt, when not nil, receives the
// Burrows-Wheeler transform (see sortBWT).
func sais[T byte | int32](s []T, sa []int32, k int, bwt []byte) {
	n := len(s)
	switch n {
	case 0:
		return
	case 1:
		sa[0] = 0
		return
	}
	t := make(types, (n+63)/64)
	// s[n-1] is L-type: the virtual sentinel after it is smaller.
	for i := n - 2; i >= 0; i-- {
		if s[i] < s[i+1] || (s[i] == s[i+1] && t.s(i+1)) {
			t.set(i)
		}
	}
	cnt := make([]int32, k)
	for _, c := range s {
		cnt[c]++
	}
	bkt := make([]int32, k)

	// Stage 1: sort the LMS substrings by induction from LMS suffixes placed at bucket ends.
	for i := range sa {
		sa[i] = -1
	}
	bucketEnds(cnt, bkt)
	for i := n - 1; i >= 1; i-- {
		if t.lms(i) {
			c := s[i]
			bkt[c]--
			sa[bkt[c]] = int32(i)
		}
	}
	induce(s, sa, t, cnt, bkt, nil)

	// Compact the sorted LMS positions into sa[:m].
	m := 0
	for i := 0; i < n; i++ {
		if p := sa[i]; p > 0 && t.lms(int(p)) {
			sa[m] = p
			m++
		}
	}
	// Name the LMS substrings; names go to sa[m + p/2] (LMS positions are >= 2 apart). The
	// lengths of the substrings go there first (from p to the next LMS position, that one
	// included): two LMS substrings of the same symbols and length have the same types too,
	// so equal ones are found by comparing symbols alone, without reading types.
	for i := m; i < n; i++ {
		sa[i] = -1
	}
	lastLMS := -1
	for i := n - 1; i >= 1; i-- {
		if t.lms(i) {
			if lastLMS < 0 {
				sa[m+i/2] = int32(n - i + 1) // up to the virtual sentinel: equal to none
			} else {
				sa[m+i/2] = int32(lastLMS - i + 1)
			}
			lastLMS = i
		}
	}
	names := 0
	prev, prevLen := -1, 0
	for i := 0; i < m; i++ {
		p := int(sa[i])
		l := int(sa[m+p/2])
		if prev < 0 || l != prevLen || p+l > n || prev+l > n || !slices.Equal(s[p:p+l], s[prev:prev+l]) {
			names++
		}
		prev, prevLen = p, l
		sa[m+p/2] = int32(names - 1)
	}
	// Gather the reduced string (names in text order) into sa[n-m:].
	j := n - 1
	for i := n - 1; i >= m; i-- {
		if sa[i] >= 0 {
			sa[j] = sa[i]
			j--
		}
	}
	s1 := sa[n-m:]
	sa1 := sa[:m]

	// Stage 2: sort the LMS suffixes, recursively if names repeat.
	if names < m {
		sais(s1, sa1, names, nil)
	} else {
		for i, c := range s1 {
			sa1[c] = int32(i)
		}
	}
	// Map ranks of the reduced string back to LMS positions (reuse s1 for the positions).
	j = 0
	for i := 1; i < n; i++ {
		if t.lms(i) {
			s1[j] = int32(i)
			j++
		}
	}
	for i := 0; i < m; i++ {
		sa1[i] = s1[sa1[i]]
	}
	for i := m; i < n; i++ {
		sa[i] = -1
	}
	// Stage 3: place the sorted LMS suffixes at their bucket ends, in reverse, and induce.
	bucketEnds(cnt, bkt)
	for i := m - 1; i >= 0; i-- {
		p := sa[i]
		sa[i] = -1
		c := s[p]
		bkt[c]--
		sa[bkt[c]] = p
	}
	induce(s, sa, t, cnt, bkt, bwt)
}

func bucketStarts(cnt, bkt []int32) {
	var sum int32
	for c, k := range cnt {
		bkt[c] = sum
		sum += k
	}
}

func bucketEnds(cnt, bkt []int32) {
	var sum int32
	for c, k := range cnt {
		sum += k
		bkt[c] = sum
	}
}

// induce sorts L-type suffixes from the placed ones left to right, then S-type suffixes
// right to left. bwt, when not nil (the last induction), receives the byte before each
// suffix: the right-to-left pass reads sa[i] when it is final.
func induce[T byte | int32](s []T, sa []int32, t types, cnt, bkt []int32, bwt []byte) {
	n := len(s)
	bucketStarts(cnt, bkt)
	// The suffix before the virtual sentinel is L-type and first in its bucket.
	c := s[n-1]
	sa[bkt[c]] = int32(n - 1)
	bkt[c]++
	// The entries scanned here are LMS seeds or L-type suffixes, so suffix p = j-1 is L-type
	// exactly when s[p] >= s[j]: no type lookup (a random access) is needed.
	for i := 0; i < n; i++ {
		j := sa[i]
		if j <= 0 {
			continue
		}
		p := j - 1
		if c := s[p]; c >= s[j] {
			sa[bkt[c]] = p
			bkt[c]++
		}
	}
	bucketEnds(cnt, bkt)
	// Suffix p = j-1 is S-type when s[p] < s[j], or s[p] == s[j] and j is S-type: the type
	// array is read only on equal symbols.
	if bwt != nil {
		bwt = bwt[:n]
		for i := n - 1; i >= 0; i-- {
			j := sa[i]
			if j <= 0 {
				bwt[i] = byte(s[n-1])
				continue
			}
			p := j - 1
			c, cj := s[p], s[j]
			bwt[i] = byte(c)
			if c < cj || (c == cj && t.s(int(j))) {
				bkt[c]--
				sa[bkt[c]] = p
			}
		}
		return
	}
	for i := n - 1; i >= 0; i-- {
		j := sa[i]
		if j <= 0 {
			continue
		}
		p := j - 1
		if c, cj := s[p], s[j]; c < cj || (c == cj && t.s(int(j))) {
			bkt[c]--
			sa[bkt[c]] = p
		}
	}
}
