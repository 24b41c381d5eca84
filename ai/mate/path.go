package mate

// pathSet holds the positions on the search's current path (and the line
// above it) by key, with the ply of each: a repetition test for every
// child of every node, so it is an open-addressed table (linear probing,
// deletion by backward shift) rather than a Go map, which cost a twentieth
// of the search.
type pathSet struct {
	keys  []uint64
	plies []int32 // ply+2; 0 marks a free slot
	n     int
}

func newPathSet() *pathSet {
	return &pathSet{keys: make([]uint64, 64), plies: make([]int32, 64)}
}

// pathOf returns a set holding key alone, at ply 0.
func pathOf(key uint64) *pathSet {
	ps := newPathSet()
	ps.set(key, 0)
	return ps
}

func (ps *pathSet) mask() uint64 { return uint64(len(ps.keys) - 1) }

// home mixes the key's high bits in: boards that differ only in hand can
// share low bits.
func (ps *pathSet) home(key uint64) uint64 { return (key ^ key>>32) & ps.mask() }

// get returns the ply of key, if it is on the path.
func (ps *pathSet) get(key uint64) (int, bool) {
	for i := ps.home(key); ; i = (i + 1) & ps.mask() {
		switch {
		case ps.plies[i] == 0:
			return 0, false
		case ps.keys[i] == key:
			return int(ps.plies[i]) - 2, true
		}
	}
}

// has reports whether key is on the path.
func (ps *pathSet) has(key uint64) bool {
	_, ok := ps.get(key)
	return ok
}

// set puts key on the path at ply (or moves it there). The table is kept
// at most a quarter full: most look-ups miss (a child not on the path),
// and a miss probes to the end of its run (at half full, ミクロコスモス's
// first 500,000 nodes took 1.3% more instructions).
func (ps *pathSet) set(key uint64, ply int) {
	if 4*(ps.n+1) > len(ps.keys) {
		ps.grow()
	}
	i := ps.home(key)
	for ; ps.plies[i] != 0; i = (i + 1) & ps.mask() {
		if ps.keys[i] == key {
			ps.plies[i] = int32(ply + 2)
			return
		}
	}
	ps.keys[i], ps.plies[i] = key, int32(ply+2)
	ps.n++
}

// del takes key off the path, if it is there.
func (ps *pathSet) del(key uint64) {
	m := ps.mask()
	i := ps.home(key)
	for ; ; i = (i + 1) & m {
		if ps.plies[i] == 0 {
			return
		}
		if ps.keys[i] == key {
			break
		}
	}
	ps.n--
	// Backward shift: move up every later entry of the run whose probe
	// would otherwise stop at the hole.
	for j := (i + 1) & m; ps.plies[j] != 0; j = (j + 1) & m {
		h := ps.home(ps.keys[j])
		if (j-h)&m >= (j-i)&m {
			ps.keys[i], ps.plies[i] = ps.keys[j], ps.plies[j]
			i = j
		}
	}
	ps.plies[i] = 0
}

func (ps *pathSet) grow() {
	old := *ps
	ps.keys = make([]uint64, 2*len(old.keys))
	ps.plies = make([]int32, 2*len(old.plies))
	ps.n = 0
	for i, p := range old.plies {
		if p != 0 {
			ps.set(old.keys[i], int(p)-2)
		}
	}
}
