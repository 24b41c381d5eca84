package learn

import (
	"bytes"
	"context"
	"encoding/gob"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"kiki/ai"
	"kiki/ai/nnue"
	"kiki/game"
)

// TrainOptions says what Train learns from and where it writes.
type TrainOptions struct {
	Data       []string // record files (deduplicated together)
	Out        string   // quantised weights, written after every epoch
	Checkpoint string   // float weights and optimiser state, written after every epoch
	Resume     bool     // carry on from Checkpoint if it exists
	// From, when set (and not resuming), starts from the weights of that
	// checkpoint (or quantised weights file) with this run's λ and data: fine-tuning (its K is kept,
	// since the weights are scaled for it; the best validation loss starts
	// afresh, since the validation set is another).
	From   string
	Epochs int // epochs to run in this call
	Batch  int
	LR     float64
	// Lambda weighs the search score against the game result in the
	// target: λ·sigmoid(score/K) + (1-λ)·result, as elmo does.
	Lambda float64
	// Scale is K, centipawns per logit; 0 fits it to the data (the K with
	// which sigmoid(score/K) best predicts the results).
	Scale float64
	Seed  uint64
	// BucketLR and SquareLR scale the learning rate of the king-bucket
	// rows and of the bucket-free piece-square rows against the kind-only
	// rows: with few positions the fine rows must move slowly, or they
	// learn noise (0: 0.1 and 0.3).
	BucketLR, SquareLR float64
	// ScoreScale multiplies the records' scores as they are read (0: 1):
	// teacher labels written with one scale and found by a later, larger
	// fit to need another are converted here instead of relabelled.
	ScoreScale float64
	// ScoreOffset is subtracted from every score after ScoreScale: a
	// teacher whose search scores stand above kiki's static evaluation for
	// the side to move (the move in hand is worth something to a search,
	// nothing to the hand-set evaluation) is brought level with it.
	ScoreOffset int
	// MaxDiff, when positive, leaves out positions whose score differs
	// from the hand-set static evaluation by more than this: where a
	// teacher's search sees a tactic coming, its score is no static
	// value for the network to learn.
	MaxDiff int
	// L1 is the width of a hidden layer between the accumulators and the
	// output (0: none). A resumed checkpoint keeps its own.
	L1  int
	Log io.Writer
}

// sample is one training position as features.
type sample struct {
	off    int32 // into the feature array
	n      [2]uint8
	bucket [2]uint8
	side   game.Color
	target float32
}

type dataset struct {
	feats   []int32
	samples []sample
}

// model is the float network with its Adam state; it is what a checkpoint
// holds. W has a row per feature of every bucket, then a row per
// bucket-free feature, then a row per piece kind regardless of square (the
// factors, added to each bucket's row on export), so that what a piece is
// worth, and on which square, is learnt from every position.
type model struct {
	W      []float32
	B      [nnue.Hidden]float32
	O      [2 * nnue.Hidden]float32
	OB     float32
	MW, VW []float32
	MB, VB [nnue.Hidden]float32
	MO, VO [2 * nnue.Hidden]float32
	MOB    float32
	VOB    float32
	// L1 is the width of the hidden layer (0: none, the output is linear
	// in the accumulators); L1W, L1B its weights, with their Adam moments.
	L1         int
	L1W, L1B   []float32
	ML1W, VL1W []float32
	ML1B, VL1B []float32
	Step       int64
	Epoch      int
	Scale      float64
	Lambda     float64
	// BestVal is the lowest validation loss so far; the weights file is
	// written only when an epoch beats it.
	BestVal float64
}

const (
	factorP    = nnue.NumFeatures                  // bucket-free rows
	factorKind = nnue.NumFeatures + nnue.PerBucket // kind-only rows
	rows       = factorKind + 28
)

// factorRows returns the factor rows a local feature adds to.
func factorRows(f int) (int, int) {
	if f < nnue.BoardFeatures {
		return factorP + f, factorKind + f/81
	}
	return factorP + f, -1
}

func newModel(rng *rand.Rand, l1 int) *model {
	m := &model{W: make([]float32, rows*nnue.Hidden), MW: make([]float32, rows*nnue.Hidden), VW: make([]float32, rows*nnue.Hidden)}
	// Only the kind rows start random (to tell the hidden units apart):
	// the finer rows start at zero, so that a bucket or square the data
	// rarely shows adds nothing rather than its initial noise.
	for i := factorKind * nnue.Hidden; i < len(m.W); i++ {
		m.W[i] = float32(rng.Float64()*2-1) * 0.1
	}
	for i := range m.B {
		m.B[i] = 0.5
	}
	for i := range m.O {
		m.O[i] = float32(rng.Float64()*2-1) * 0.3
		if i >= nnue.Hidden {
			m.O[i] = -m.O[i-nnue.Hidden] // start symmetric: us minus them
		}
	}
	if l1 > 0 {
		m.L1 = l1
		n := l1 * 2 * nnue.Hidden
		m.L1W, m.ML1W, m.VL1W = make([]float32, n), make([]float32, n), make([]float32, n)
		m.L1B, m.ML1B, m.VL1B = make([]float32, l1), make([]float32, l1), make([]float32, l1)
		// Each unit starts as a random "us minus them" mix, in the middle
		// of its linear range.
		for j := 0; j < l1; j++ {
			for i := 0; i < nnue.Hidden; i++ {
				w := float32(rng.Float64()*2-1) * 0.25
				m.L1W[j*2*nnue.Hidden+i], m.L1W[j*2*nnue.Hidden+nnue.Hidden+i] = w, -w
			}
			m.L1B[j] = 0.5
		}
		for j := range m.O {
			m.O[j] = 0
			if j < l1 {
				m.O[j] = float32(rng.Float64()*2-1) * 0.5
			}
		}
	}
	return m
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// loadData reads the record files, drops duplicates, positions in check
// and positions whose best move captures or promotes (their static value
// is not what the search found), and splits off every twentieth position
// by hash for validation (the same positions however the files grow).
func loadData(paths []string) (train, val []Record, err error) {
	seen := map[uint64]bool{}
	var b [RecordSize]byte
	for _, path := range paths {
		recs, _, err := ReadRecords(path)
		if err != nil {
			return nil, nil, err
		}
		for _, r := range recs {
			if r.Flags&(FlagInCheck|FlagCapture) != 0 {
				continue
			}
			r.Marshal(b[:])
			k := packedKey(b[:])
			if seen[k] {
				continue
			}
			seen[k] = true
			if k%20 == 0 {
				val = append(val, r)
			} else {
				train = append(train, r)
			}
		}
	}
	if len(val) == 0 && len(train) >= 2 {
		// A tiny set (tests) may draw no validation position by hash.
		val, train = train[len(train)-1:], train[:len(train)-1]
	}
	return train, val, nil
}

// rescale multiplies the records' scores by x and subtracts off, rounded
// and kept within int16.
func rescale(recs []Record, x float64, off int) {
	for i := range recs {
		v := math.Round(float64(recs[i].Score)*x) - float64(off)
		recs[i].Score = int16(min(max(v, math.MinInt16), math.MaxInt16))
	}
}

// nearStatic returns the records whose score is within d of the hand-set
// static evaluation of their position (filtering recs in place).
func nearStatic(recs []Record, d int) []Record {
	kept := recs[:0]
	for _, r := range recs {
		p, err := r.Position()
		if err != nil {
			continue
		}
		if v := ai.Default.Evaluate(p); abs(int(r.Score)-v) <= d {
			kept = append(kept, r)
		}
	}
	return kept
}

// fitScale returns the K for which sigmoid(score/K) best predicts the
// results (cross-entropy), by a scan over plausible values.
func fitScale(recs []Record) float64 {
	best, bestK := math.Inf(1), 600.0
	for k := 100.0; k <= 2000; k += 25 {
		loss := 0.0
		for _, r := range recs {
			p := sigmoid(float64(r.Score) / k)
			loss += crossEntropy(p, float64(r.Result+1)/2)
		}
		if loss < best {
			best, bestK = loss, k
		}
	}
	return bestK
}

func crossEntropy(p, t float64) float64 {
	p = min(max(p, 1e-7), 1-1e-7)
	return -(t*math.Log(p) + (1-t)*math.Log(1-p))
}

func buildDataset(recs []Record, k, lambda float64) dataset {
	var d dataset
	d.samples = make([]sample, 0, len(recs))
	d.feats = make([]int32, 0, len(recs)*90)
	for i := range recs {
		r := &recs[i]
		b := nnue.NewBoard(&r.Board, r.Hands)
		s := sample{off: int32(len(d.feats)), side: r.Side}
		for c := game.Black; c <= game.White; c++ {
			before := len(d.feats)
			var bucket int
			d.feats, bucket = nnue.Active(&b, c, d.feats)
			s.n[c] = uint8(len(d.feats) - before)
			s.bucket[c] = uint8(bucket)
		}
		s.target = float32(lambda*sigmoid(float64(r.Score)/k) + (1-lambda)*float64(r.Result+1)/2)
		d.samples = append(d.samples, s)
	}
	return d
}

// trainer holds the per-batch scratch.
type trainer struct {
	m       *model
	gW      []float32
	touched []int32
	mark    []bool
	gB      [nnue.Hidden]float32
	gO      [2 * nnue.Hidden]float32
	gOB     float32
	gL1W    []float32
	gL1B    []float32
}

// activations are one position's accumulators and hidden-layer sums, kept
// from forward for backward.
type activations struct {
	acc [2][nnue.Hidden]float32
	z   [nnue.MaxL1]float32
}

// forward computes the accumulators, the hidden layer (if any) and the
// output logit of s.
func (m *model) forward(d *dataset, s *sample, act *activations) float64 {
	acc := &act.acc
	off := int(s.off)
	for c := 0; c < 2; c++ {
		a := &acc[c]
		*a = m.B
		base := int(s.bucket[c]) * nnue.PerBucket
		for _, f := range d.feats[off : off+int(s.n[c])] {
			w := m.W[(base+int(f))*nnue.Hidden:][:nnue.Hidden]
			r1, r2 := factorRows(int(f))
			fw := m.W[r1*nnue.Hidden:][:nnue.Hidden]
			for i := range a {
				a[i] += w[i] + fw[i]
			}
			if r2 >= 0 {
				kw := m.W[r2*nnue.Hidden:][:nnue.Hidden]
				for i := range a {
					a[i] += kw[i]
				}
			}
		}
		off += int(s.n[c])
	}
	us, them := &acc[s.side], &acc[s.side^1]
	o := float64(m.OB)
	if m.L1 == 0 {
		for i := 0; i < nnue.Hidden; i++ {
			o += float64(m.O[i]*clip01(us[i]) + m.O[nnue.Hidden+i]*clip01(them[i]))
		}
		return o
	}
	var in [2 * nnue.Hidden]float32
	for i := 0; i < nnue.Hidden; i++ {
		in[i], in[nnue.Hidden+i] = clip01(us[i]), clip01(them[i])
	}
	for j := 0; j < m.L1; j++ {
		z := m.L1B[j]
		for i, w := range m.L1W[j*2*nnue.Hidden : (j+1)*2*nnue.Hidden] {
			z += w * in[i]
		}
		act.z[j] = z
		o += float64(m.O[j] * clip01(z))
	}
	return o
}

func clip01(x float32) float32 { return min(max(x, 0), 1) }

// backward adds the gradient of the loss of s (g = dLoss/dlogit) to t.
func (t *trainer) backward(d *dataset, s *sample, act *activations, g float32) {
	m := t.m
	t.gOB += g
	us, them := &act.acc[s.side], &act.acc[s.side^1]
	var da [2][nnue.Hidden]float32
	if m.L1 == 0 {
		for i := 0; i < nnue.Hidden; i++ {
			t.gO[i] += g * clip01(us[i])
			t.gO[nnue.Hidden+i] += g * clip01(them[i])
			if us[i] > 0 && us[i] < 1 {
				da[s.side][i] = g * m.O[i]
			}
			if them[i] > 0 && them[i] < 1 {
				da[s.side^1][i] = g * m.O[nnue.Hidden+i]
			}
		}
	} else {
		var in, din [2 * nnue.Hidden]float32
		for i := 0; i < nnue.Hidden; i++ {
			in[i], in[nnue.Hidden+i] = clip01(us[i]), clip01(them[i])
		}
		for j := 0; j < m.L1; j++ {
			z := act.z[j]
			t.gO[j] += g * clip01(z)
			if z <= 0 || z >= 1 {
				continue
			}
			dz := g * m.O[j]
			t.gL1B[j] += dz
			w := m.L1W[j*2*nnue.Hidden : (j+1)*2*nnue.Hidden]
			gw := t.gL1W[j*2*nnue.Hidden : (j+1)*2*nnue.Hidden]
			for i := range in {
				gw[i] += dz * in[i]
				din[i] += dz * w[i]
			}
		}
		for i := 0; i < nnue.Hidden; i++ {
			if us[i] > 0 && us[i] < 1 {
				da[s.side][i] = din[i]
			}
			if them[i] > 0 && them[i] < 1 {
				da[s.side^1][i] = din[nnue.Hidden+i]
			}
		}
	}
	off := int(s.off)
	for c := 0; c < 2; c++ {
		for i := range t.gB {
			t.gB[i] += da[c][i]
		}
		base := int(s.bucket[c]) * nnue.PerBucket
		for _, f := range d.feats[off : off+int(s.n[c])] {
			t.addGrad(base+int(f), &da[c])
			r1, r2 := factorRows(int(f))
			t.addGrad(r1, &da[c])
			if r2 >= 0 {
				t.addGrad(r2, &da[c])
			}
		}
		off += int(s.n[c])
	}
}

func (t *trainer) addGrad(row int, da *[nnue.Hidden]float32) {
	if !t.mark[row] {
		t.mark[row] = true
		t.touched = append(t.touched, int32(row))
	}
	g := t.gW[row*nnue.Hidden:][:nnue.Hidden]
	for i := range g {
		g[i] += da[i]
	}
}

const (
	beta1 = 0.9
	beta2 = 0.999
	eps   = 1e-8
)

// step applies Adam to every parameter the batch touched (lazy Adam: rows
// no position of the batch used keep their moments).
func (t *trainer) step(lr, bucketLR, squareLR float64, batch int) {
	m := t.m
	m.Step++
	c1 := 1 - math.Pow(beta1, float64(m.Step))
	c2 := 1 - math.Pow(beta2, float64(m.Step))
	a := float32(lr * math.Sqrt(c2) / c1)
	inv := 1 / float32(batch)
	scaled := func(w, mo, vo *float32, g float32, limit, rate float32) {
		g *= inv
		*mo = beta1**mo + (1-beta1)*g
		*vo = beta2**vo + (1-beta2)*g*g
		*w -= rate * *mo / (float32(math.Sqrt(float64(*vo))) + eps)
		*w = min(max(*w, -limit), limit)
	}
	upd := func(w, mo, vo *float32, g float32, limit float32) { scaled(w, mo, vo, g, limit, a) }
	const wLimit = nnue.MaxWeight / 3
	for _, r := range t.touched {
		base := int(r) * nnue.Hidden
		rate := a
		switch {
		case int(r) < factorP:
			rate *= float32(bucketLR)
		case int(r) < factorKind:
			rate *= float32(squareLR)
		}
		for i := 0; i < nnue.Hidden; i++ {
			j := base + i
			scaled(&m.W[j], &m.MW[j], &m.VW[j], t.gW[j], wLimit, rate)
			t.gW[j] = 0
		}
		t.mark[r] = false
	}
	t.touched = t.touched[:0]
	for i := range m.B {
		upd(&m.B[i], &m.MB[i], &m.VB[i], t.gB[i], wLimit)
		t.gB[i] = 0
	}
	for i := range m.O {
		upd(&m.O[i], &m.MO[i], &m.VO[i], t.gO[i], nnue.MaxOutWeight)
		t.gO[i] = 0
	}
	upd(&m.OB, &m.MOB, &m.VOB, t.gOB, 1e6)
	t.gOB = 0
	for i := range m.L1W {
		upd(&m.L1W[i], &m.ML1W[i], &m.VL1W[i], t.gL1W[i], nnue.MaxL1Weight)
		t.gL1W[i] = 0
	}
	for i := range m.L1B {
		upd(&m.L1B[i], &m.ML1B[i], &m.VL1B[i], t.gL1B[i], 1e6)
		t.gL1B[i] = 0
	}
}

// loss is the mean cross-entropy of the model on d.
func (m *model) loss(d *dataset) float64 {
	var acc activations
	sum := 0.0
	for i := range d.samples {
		s := &d.samples[i]
		sum += crossEntropy(sigmoid(m.forward(d, s, &acc)), float64(s.target))
	}
	return sum / float64(max(len(d.samples), 1))
}

// agreement compares the model's scores (logit × K, centipawns) on d with
// the labels' own scores: their correlation and the mean absolute error
// (how well a distilled network reproduces its teacher).
func (m *model) agreement(d *dataset, recs []Record) (corr, mae float64) {
	var acc activations
	xs := make([]float64, len(d.samples))
	ys := make([]float64, len(d.samples))
	for i := range d.samples {
		xs[i] = m.forward(d, &d.samples[i], &acc) * m.Scale
		ys[i] = float64(recs[i].Score)
		mae += math.Abs(xs[i] - ys[i])
	}
	return pearson(xs, ys), mae / float64(max(len(xs), 1))
}

// pearson returns the correlation of xs and ys (0 when either is constant).
func pearson(xs, ys []float64) float64 {
	n := float64(len(xs))
	if n == 0 {
		return 0
	}
	var sx, sy float64
	for i := range xs {
		sx += xs[i]
		sy += ys[i]
	}
	mx, my := sx/n, sy/n
	var cxy, cxx, cyy float64
	for i := range xs {
		dx, dy := xs[i]-mx, ys[i]-my
		cxy += dx * dy
		cxx += dx * dx
		cyy += dy * dy
	}
	if cxx == 0 || cyy == 0 {
		return 0
	}
	return cxy / math.Sqrt(cxx*cyy)
}

// quantise returns the network as the engine uses it.
func (m *model) quantise() *nnue.Net {
	n := nnue.NewNet()
	n.Scale = int32(math.Round(m.Scale))
	q := func(x float64) int16 { return int16(min(max(math.Round(x), -32767), 32767)) }
	for b := 0; b < nnue.NumBuckets; b++ {
		for f := 0; f < nnue.PerBucket; f++ {
			row := (b*nnue.PerBucket + f) * nnue.Hidden
			r1, r2 := factorRows(f)
			for i := 0; i < nnue.Hidden; i++ {
				w := m.W[row+i] + m.W[r1*nnue.Hidden+i]
				if r2 >= 0 {
					w += m.W[r2*nnue.Hidden+i]
				}
				n.FT[row+i] = q(float64(w) * nnue.QA)
			}
		}
	}
	for i := range m.B {
		n.FTBias[i] = q(float64(m.B[i]) * nnue.QA)
	}
	n.L1 = m.L1
	if m.L1 > 0 {
		n.Out = make([]int16, m.L1)
		n.L1W = make([]int16, len(m.L1W))
		n.L1B = make([]int32, m.L1)
		for i, w := range m.L1W {
			n.L1W[i] = q(float64(w) * nnue.QL)
		}
		for j, b := range m.L1B {
			n.L1B[j] = int32(math.Round(float64(b) * nnue.QA * nnue.QL))
		}
	}
	for i := range n.Out {
		n.Out[i] = q(float64(m.O[i]) * nnue.QB)
	}
	n.OutBias = int32(math.Round(float64(m.OB) * nnue.QA * nnue.QB))
	return n
}

// writeAtomic writes data to path through a temporary file and a rename.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func (m *model) save(path string) error {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(m); err != nil {
		return err
	}
	return writeAtomic(path, buf.Bytes())
}

// fromNet returns the float model of a quantised network (a weights file
// such as assets/nnue.bin, when its checkpoint is gone): each bucket's
// rows hold the exported sums and the factor rows start at zero, so the
// model quantises back to the same network and fine-tuning starts at its
// strength. The Adam state starts afresh.
func fromNet(n *nnue.Net) *model {
	m := &model{W: make([]float32, rows*nnue.Hidden), MW: make([]float32, rows*nnue.Hidden), VW: make([]float32, rows*nnue.Hidden)}
	for i, w := range n.FT {
		m.W[i] = float32(w) / nnue.QA
	}
	for i, b := range n.FTBias {
		m.B[i] = float32(b) / nnue.QA
	}
	if n.L1 > 0 {
		m.L1 = n.L1
		k := len(n.L1W)
		m.L1W, m.ML1W, m.VL1W = make([]float32, k), make([]float32, k), make([]float32, k)
		m.L1B, m.ML1B, m.VL1B = make([]float32, n.L1), make([]float32, n.L1), make([]float32, n.L1)
		for i, w := range n.L1W {
			m.L1W[i] = float32(w) / nnue.QL
		}
		for j, b := range n.L1B {
			m.L1B[j] = float32(float64(b) / (nnue.QA * nnue.QL))
		}
	}
	for i, w := range n.Out {
		m.O[i] = float32(w) / nnue.QB
	}
	m.OB = float32(float64(n.OutBias) / (nnue.QA * nnue.QB))
	m.Scale = float64(n.Scale)
	return m
}

// loadModel reads a checkpoint, or a quantised weights file (see fromNet).
func loadModel(path string) (*model, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if n, err := nnue.Load(data); err == nil {
		return fromNet(n), nil
	}
	var m model
	if err := gob.NewDecoder(bytes.NewReader(data)).Decode(&m); err != nil {
		return nil, fmt.Errorf("checkpoint %s: %w", path, err)
	}
	if len(m.W) != rows*nnue.Hidden || len(m.MW) != len(m.W) || len(m.VW) != len(m.W) ||
		m.L1 < 0 || m.L1 > nnue.MaxL1 || len(m.L1W) != m.L1*2*nnue.Hidden || len(m.L1B) != m.L1 ||
		len(m.ML1W) != len(m.L1W) || len(m.VL1W) != len(m.L1W) || len(m.ML1B) != m.L1 || len(m.VL1B) != m.L1 {
		return nil, fmt.Errorf("checkpoint %s: shape does not match this build", path)
	}
	return &m, nil
}

// Train trains the network on the record files, printing the training and
// validation loss after every epoch and writing the checkpoint and the
// quantised weights then, so that a run stopped at any time resumes from
// its last epoch with Resume.
func Train(ctx context.Context, o TrainOptions) error {
	logf := func(format string, a ...any) {
		if o.Log != nil {
			fmt.Fprintf(o.Log, format, a...)
		}
	}
	if o.Batch <= 0 {
		o.Batch = 256
	}
	if o.LR <= 0 {
		o.LR = 1e-3
	}
	if o.BucketLR <= 0 {
		o.BucketLR = 0.1
	}
	if o.SquareLR <= 0 {
		o.SquareLR = 0.3
	}
	if o.L1 < 0 || o.L1 > nnue.MaxL1 {
		return fmt.Errorf("train: a hidden layer of %d units (want 0..%d)", o.L1, nnue.MaxL1)
	}
	trainRecs, valRecs, err := loadData(o.Data)
	if err != nil {
		return fmt.Errorf("train: %w", err)
	}
	if o.ScoreScale <= 0 {
		o.ScoreScale = 1
	}
	if o.ScoreScale != 1 || o.ScoreOffset != 0 {
		rescale(trainRecs, o.ScoreScale, o.ScoreOffset)
		rescale(valRecs, o.ScoreScale, o.ScoreOffset)
	}
	if o.MaxDiff > 0 {
		nt, nv := len(trainRecs), len(valRecs)
		trainRecs, valRecs = nearStatic(trainRecs, o.MaxDiff), nearStatic(valRecs, o.MaxDiff)
		logf("train: %d training and %d validation positions left out: score more than %d cp from the hand-set evaluation\n",
			nt-len(trainRecs), nv-len(valRecs), o.MaxDiff)
	}
	if len(trainRecs) == 0 || len(valRecs) == 0 {
		return fmt.Errorf("train: too few positions (%d training, %d validation)", len(trainRecs), len(valRecs))
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x6c6561726e))
	var m *model
	if o.Resume && o.Checkpoint != "" {
		if _, err := os.Stat(o.Checkpoint); err == nil {
			if m, err = loadModel(o.Checkpoint); err != nil {
				return fmt.Errorf("train: %w", err)
			}
			logf("train: resuming %s at epoch %d (step %d, K %.0f, λ %.2f)\n", o.Checkpoint, m.Epoch, m.Step, m.Scale, m.Lambda)
		}
	}
	if m == nil && o.From != "" {
		if m, err = loadModel(o.From); err != nil {
			return fmt.Errorf("train: %w", err)
		}
		logf("train: fine-tuning from %s (epoch %d, K %.0f, hidden layer %d) with λ %.2f\n", o.From, m.Epoch, m.Scale, m.L1, o.Lambda)
		m.Lambda, m.BestVal = o.Lambda, math.Inf(1)
	}
	if m == nil {
		m = newModel(rng, o.L1)
		m.Scale = o.Scale
		if m.Scale <= 0 {
			m.Scale = fitScale(trainRecs)
		}
		m.Lambda = o.Lambda
		m.BestVal = math.Inf(1)
	}
	logf("train: %d training and %d validation positions (in check or best move a capture left out); K %.0f cp per logit, λ %.2f, hidden layer %d\n",
		len(trainRecs), len(valRecs), m.Scale, m.Lambda, m.L1)
	tr := buildDataset(trainRecs, m.Scale, m.Lambda)
	va := buildDataset(valRecs, m.Scale, m.Lambda)
	// Baselines for the validation loss: the search score alone, and a
	// coin flip.
	base, coin := 0.0, 0.0
	for i, s := range va.samples {
		base += crossEntropy(sigmoid(float64(valRecs[i].Score)/m.Scale), float64(s.target))
		coin += crossEntropy(0.5, float64(s.target))
	}
	logf("train: validation loss of the labels' own scores %.5f (the floor when λ = 1), of a coin flip %.5f\n",
		base/float64(len(va.samples)), coin/float64(len(va.samples)))
	t := &trainer{m: m, gW: make([]float32, len(m.W)), mark: make([]bool, rows), gL1W: make([]float32, len(m.L1W)), gL1B: make([]float32, m.L1)}
	order := make([]int, len(tr.samples))
	for i := range order {
		order[i] = i
	}
	var acc activations
	for e := 0; e < o.Epochs && ctx.Err() == nil; e++ {
		start := time.Now()
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		sum, n := 0.0, 0
		for b := 0; b+o.Batch <= len(order) && ctx.Err() == nil; b += o.Batch {
			for _, idx := range order[b : b+o.Batch] {
				s := &tr.samples[idx]
				p := sigmoid(m.forward(&tr, s, &acc))
				sum += crossEntropy(p, float64(s.target))
				n++
				t.backward(&tr, s, &acc, float32(p)-s.target)
			}
			t.step(o.LR, o.BucketLR, o.SquareLR, o.Batch)
		}
		if ctx.Err() != nil {
			break // an interrupted epoch is not saved; the last whole one is
		}
		m.Epoch++
		el := time.Since(start)
		vl := m.loss(&va)
		best := vl < m.BestVal
		mark := ""
		if best {
			m.BestVal, mark = vl, " (best so far: weights written)"
		}
		r, mae := m.agreement(&va, valRecs)
		logf("train: epoch %d: training loss %.5f, validation loss %.5f%s, %.0f positions/s, %s; against the labels' scores: correlation %.4f, mean |error| %.0f cp\n",
			m.Epoch, sum/float64(max(n, 1)), vl, mark, float64(n)/el.Seconds(), el.Round(time.Millisecond), r, mae)
		if o.Checkpoint != "" {
			if err := m.save(o.Checkpoint); err != nil {
				return fmt.Errorf("train: checkpoint: %w", err)
			}
		}
		if o.Out != "" && best {
			if err := writeAtomic(o.Out, m.quantise().Marshal()); err != nil {
				return fmt.Errorf("train: weights: %w", err)
			}
		}
	}
	// The quantised network on the validation positions, through the
	// engine's own code: shows what quantisation costs (for the last
	// epoch's weights).
	net := m.quantise()
	q := 0.0
	xs, ys := make([]float64, len(valRecs)), make([]float64, len(valRecs))
	mae := 0.0
	for i := range valRecs {
		r := &valRecs[i]
		b := nnue.NewBoard(&r.Board, r.Hands)
		v := net.EvaluateBoard(&b, r.Side)
		q += crossEntropy(sigmoid(float64(v)/m.Scale), float64(va.samples[i].target))
		xs[i], ys[i] = float64(v), float64(r.Score)
		mae += math.Abs(xs[i] - ys[i])
	}
	logf("train: quantised network's validation loss %.5f; against the labels' scores: correlation %.4f, mean |error| %.0f cp\n",
		q/float64(len(valRecs)), pearson(xs, ys), mae/float64(len(valRecs)))
	return nil
}
