package enum

// table is an open-addressing hash map from a position key to one byte: the
// position's value (its distance to mate in plies) and its clean bit. It
// holds tens of millions of positions in 9 bytes each plus the free slots,
// where a Go map would take several times that.
type table struct {
	keys []uint64 // key+1; 0 marks a free slot
	vals []uint8
	n    int
}

// Value byte layout: the low 6 bits hold the value, cleanBit marks a clean
// position (see Enumerate).
const (
	valueMask = 0x3f
	cleanBit  = 0x40
)

func newTable(capacity int) *table {
	size := 1024
	for size < capacity*2 {
		size *= 2
	}
	return &table{keys: make([]uint64, size), vals: make([]uint8, size)}
}

func hash(k uint64) uint64 {
	k ^= k >> 33
	k *= 0xff51afd7ed558ccd
	k ^= k >> 33
	k *= 0xc4ceb9fe1a85ec53
	k ^= k >> 33
	return k
}

// slot returns the slot of key k: where it is, or the free slot where it goes.
func (t *table) slot(k uint64) int {
	mask := uint64(len(t.keys) - 1)
	i := hash(k) & mask
	for {
		if t.keys[i] == 0 || t.keys[i] == k+1 {
			return int(i)
		}
		i = (i + 1) & mask
	}
}

// get returns k's byte and whether k is held.
func (t *table) get(k uint64) (uint8, bool) {
	i := t.slot(k)
	if t.keys[i] == 0 {
		return 0, false
	}
	return t.vals[i], true
}

// add stores k with v unless k is held; it reports whether k was new.
func (t *table) add(k uint64, v uint8) bool {
	i := t.slot(k)
	if t.keys[i] != 0 {
		return false
	}
	t.keys[i] = k + 1
	t.vals[i] = v
	t.n++
	if t.n*10 > len(t.keys)*7 {
		t.grow()
	}
	return true
}

// set overwrites the byte of a held key.
func (t *table) set(k uint64, v uint8) {
	i := t.slot(k)
	if t.keys[i] != 0 {
		t.vals[i] = v
	}
}

func (t *table) grow() {
	old, oldv := t.keys, t.vals
	t.keys = make([]uint64, len(old)*2)
	t.vals = make([]uint8, len(old)*2)
	for i, k := range old {
		if k != 0 {
			j := t.slot(k - 1)
			t.keys[j] = k
			t.vals[j] = oldv[i]
		}
	}
}

// bytes returns the memory the table holds.
func (t *table) bytes() int { return len(t.keys) * 9 }
