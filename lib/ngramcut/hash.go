package ngramcut

import (
	"fmt"
	"unsafe"

	"github.com/cespare/xxhash/v2"
)

// Hash names how n-grams become 64-bit fingerprints.
type Hash uint8

const (
	// Rolling is a polynomial hash over the units (mod 2^64) finished by a 64-bit
	// avalanche mix. Extending an n-gram by one unit costs O(1), so counting every n in
	// turn costs O(N) per n. It is the default: faster, and portable across byte orders.
	Rolling Hash = iota
	// XXHash hashes the n units' 32-bit little-endian codes with xxhash (O(n) per
	// n-gram). Kept for comparison (see the benchmarks); models made with it are only
	// portable between little-endian machines.
	XXHash
)

func (h Hash) String() string {
	if h == XXHash {
		return "xxhash"
	}
	return "rolling"
}

// ParseHash reads "rolling" and "xxhash".
func ParseHash(s string) (Hash, error) {
	switch s {
	case "", "rolling":
		return Rolling, nil
	case "xxhash":
		return XXHash, nil
	}
	return Rolling, fmt.Errorf("ngramcut: unknown hash %q (want rolling or xxhash)", s)
}

// MarshalText makes a Hash a JSON string.
func (h Hash) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText parses a hash name.
func (h *Hash) UnmarshalText(b []byte) error {
	v, err := ParseHash(string(b))
	*h = v
	return err
}

// rollMul is the multiplier of the polynomial hash (an odd 64-bit constant, the
// golden-ratio one).
const rollMul = 0x9E3779B97F4A7C15

// rollStep extends the polynomial state h by one unit.
func rollStep(h uint64, u uint32) uint64 { return h*rollMul + uint64(u) + 1 }

// finish turns a polynomial state into a fingerprint: a 64-bit avalanche (the constants
// are xxhash's PRIME64_2 and PRIME64_3) so that low bits are usable as table indexes. A
// fingerprint is never 0, which marks an empty slot in tables.
func finish(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xC2B2AE3D27D4EB4F
	h ^= h >> 29
	h *= 0x165667B19E3779F9
	h ^= h >> 32
	if h == 0 {
		h = 1
	}
	return h
}

// unitBytes views units as bytes (native order; little-endian on amd64 and arm64).
func unitBytes(u []uint32) []byte {
	if len(u) == 0 {
		return nil
	}
	return unsafe.Slice((*byte)(unsafe.Pointer(&u[0])), len(u)*4)
}

// xxFingerprint is the XXHash fingerprint of an n-gram.
func xxFingerprint(gram []uint32) uint64 {
	h := xxhash.Sum64(unitBytes(gram))
	if h == 0 {
		h = 1
	}
	return h
}

// fingerprint hashes one n-gram from scratch with the given hash.
func fingerprint(kind Hash, gram []uint32) uint64 {
	if kind == XXHash {
		return xxFingerprint(gram)
	}
	var h uint64
	for _, u := range gram {
		h = rollStep(h, u)
	}
	return finish(h)
}

// powMul returns rollMul^k mod 2^64, used to remove the oldest unit from a window.
func powMul(k int) uint64 {
	p := uint64(1)
	b := uint64(rollMul)
	for k > 0 {
		if k&1 == 1 {
			p *= b
		}
		b *= b
		k >>= 1
	}
	return p
}
