package cli

import (
	"math"
	"math/bits"

	"github.com/cespare/xxhash/v2"
)

// distinctCount counts distinct strings (the summary's sites) in bounded memory: exactly,
// as a set of their 64-bit hashes, up to exactSites, and past that by HyperLogLog (Flajolet,
// Fusy, Gandouet and Meunier 2007) with 2^hllBits registers, a standard error of 1.04/√2^14 =
// 0.8%. A dump of millions of sites of one page each would otherwise hold every site's key to
// the end of the run. The zero value is ready.
type distinctCount struct {
	exact map[uint64]struct{}
	regs  []uint8 // nil until exact passes exactSites
}

const (
	// exactSites is where the count turns to an estimate: above 5 × 2^hllBits, where
	// HyperLogLog's raw estimate has no bias left to correct; the set then holds about 2 MB.
	exactSites = 1 << 17
	hllBits    = 14
)

func (d *distinctCount) add(key string) {
	h := xxhash.Sum64String(key)
	if d.regs != nil {
		d.addHash(h)
		return
	}
	if d.exact == nil {
		d.exact = map[uint64]struct{}{}
	}
	d.exact[h] = struct{}{}
	if len(d.exact) > exactSites {
		d.regs = make([]uint8, 1<<hllBits)
		for h := range d.exact {
			d.addHash(h)
		}
		d.exact = nil
	}
}

// addHash puts a hash in its register (its top hllBits bits): the register keeps the
// largest rank seen, the position of the first 1 bit in the rest of the hash.
func (d *distinctCount) addHash(h uint64) {
	i := h >> (64 - hllBits)
	rank := uint8(bits.LeadingZeros64(h<<hllBits|1<<(hllBits-1))) + 1
	d.regs[i] = max(d.regs[i], rank)
}

// count is the number of distinct strings added: exact up to exactSites, else the estimate.
func (d *distinctCount) count() int {
	if d.regs == nil {
		return len(d.exact)
	}
	const m = float64(1 << hllBits)
	sum, zeros := 0.0, 0
	for _, r := range d.regs {
		sum += math.Ldexp(1, -int(r))
		if r == 0 {
			zeros++
		}
	}
	e := 0.7213 / (1 + 1.079/m) * m * m / sum
	if e <= 2.5*m && zeros > 0 {
		e = m * math.Log(m/float64(zeros)) // linear counting, for small counts
	}
	return int(math.Round(e))
}
