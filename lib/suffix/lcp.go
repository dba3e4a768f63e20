package suffix

// LCPArray returns lcp with lcp[i] = length of the longest common prefix of the suffixes
// sa[i-1] and sa[i] (lcp[0] = 0). A comparison stops at the byte stop (when 0 <= stop < 256),
// so prefixes never extend over it; pass -1 for plain LCP. It uses the Φ variant of Kasai's
// algorithm: O(n) time, 4n bytes besides the result.
func LCPArray(text []byte, sa []int32, stop int) []int32 {
	plcp := PLCPArray(text, sa, stop)
	lcp := make([]int32, len(sa))
	for i, p := range sa {
		lcp[i] = plcp[p]
	}
	return lcp
}

// PLCPArray returns the permuted LCP array: plcp[p] is the LCP of suffix p with the suffix
// before it in sa (LCP[i] = plcp[sa[i]]). It needs no memory besides the result.
func PLCPArray(text []byte, sa []int32, stop int) []int32 { return plcp(text, sa, stop, false) }

// charPLCP is PLCPArray(text, sa, stop) with every value rounded down to a UTF-8 character
// boundary: charFloor of the common prefix. Rounding here, where the prefix's last bytes
// were just compared, spares Walk a read of them at a random place in the text. charFloor
// is monotone along a string, so the intervals of the rounded LCP array are exactly the
// nodes Walk reports (a node whose rounded depth equals its parent's merges into it).
func charPLCP(text []byte, sa []int32, stop byte) []int32 {
	return plcp(text, sa, int(stop), true)
}

// plcp is the Φ algorithm behind both: comparisons stop at the byte stop (0 <= stop < 256;
// -1: none), and with chars each value is rounded down to a character boundary.
func plcp(text []byte, sa []int32, stop int, chars bool) []int32 {
	n := len(sa)
	phi := make([]int32, n)
	if n == 0 {
		return phi
	}
	phi[sa[0]] = -1
	for i := 1; i < n; i++ {
		phi[sa[i]] = sa[i-1]
	}
	// phi is overwritten in place by the permuted LCP (PLCP): phi[i] is read before written.
	h := 0
	for i := 0; i < n; i++ {
		j := int(phi[i])
		if j < 0 {
			phi[i] = 0
			h = 0
			continue
		}
		if stop >= 0 {
			sb := byte(stop)
			for i+h < n && j+h < n && text[i+h] == text[j+h] && text[i+h] != sb {
				h++
			}
		} else {
			for i+h < n && j+h < n && text[i+h] == text[j+h] {
				h++
			}
		}
		d := h
		if chars && d > 0 && text[i+d-1] >= 0x80 {
			d = charFloor(text[i : i+d])
		}
		phi[i] = int32(d)
		if h > 0 {
			h--
		}
	}
	return phi
}
