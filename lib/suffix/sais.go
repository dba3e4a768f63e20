package suffix

// Sort fills sa (len(sa) == len(text)) with the suffix array of text: sa[i] is the start of
// the i-th smallest suffix. It uses induced sorting (SA-IS) in O(n) time and, besides sa,
// O(n/8 + 256) bytes at the top level. len(text) must be < 2^31.
func Sort(text []byte, sa []int32) {
	if len(sa) != len(text) {
		panic("suffix: Sort: len(sa) != len(text)")
	}
	sais(text, sa, 256)
}

// bitset of suffix types: a set bit marks an S-type suffix.
type types []uint64

func (t types) s(i int) bool { return t[i>>6]&(1<<(uint(i)&63)) != 0 }
func (t types) set(i int)    { t[i>>6] |= 1 << (uint(i) & 63) }

// lms reports whether suffix i is leftmost-S-type.
func (t types) lms(i int) bool { return i > 0 && t.s(i) && !t.s(i-1) }

// sais sorts the suffixes of s, whose symbols are in [0,k), into sa. The string is taken to
// end with a virtual sentinel smaller than every symbol.
func sais[T byte | int32](s []T, sa []int32, k int) {
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
	induce(s, sa, t, cnt, bkt)

	// Compact the sorted LMS positions into sa[:m].
	m := 0
	for i := 0; i < n; i++ {
		if p := sa[i]; p > 0 && t.lms(int(p)) {
			sa[m] = p
			m++
		}
	}
	// Name the LMS substrings; names go to sa[m + p/2] (LMS positions are >= 2 apart).
	for i := m; i < n; i++ {
		sa[i] = -1
	}
	names := 0
	prev := -1
	for i := 0; i < m; i++ {
		p := int(sa[i])
		if prev < 0 || !equalLMS(s, t, p, prev) {
			names++
		}
		prev = p
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
		sais(s1, sa1, names)
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
	induce(s, sa, t, cnt, bkt)
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
// right to left.
func induce[T byte | int32](s []T, sa []int32, t types, cnt, bkt []int32) {
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

// equalLMS reports whether the LMS substrings at p and q are equal (symbols and types).
func equalLMS[T byte | int32](s []T, t types, p, q int) bool {
	n := len(s)
	for d := 0; ; d++ {
		if p+d == n || q+d == n {
			return false // the virtual sentinel is unique
		}
		if s[p+d] != s[q+d] || t.s(p+d) != t.s(q+d) {
			return false
		}
		if d > 0 {
			a, b := t.lms(p+d), t.lms(q+d)
			if a && b {
				return true
			}
			if a != b {
				return false
			}
		}
	}
}
