package nnue

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"

	"kiki/game"
)

// Quantisation: an accumulator value of QA stands for 1.0 (where the
// clipping saturates), an output weight of QB for 1.0. Feature weights are
// int16, so a float weight must stay within ±32767/QA (training clips them).
const (
	QA = 1024
	QB = 256
	// MaxWeight is the largest feature or output weight magnitude that
	// survives quantisation.
	MaxWeight = 32767.0 / QA
	// MaxOutWeight bounds output weights the same way.
	MaxOutWeight = 32767.0 / QB
	// QL is the scale of the hidden layer's weights (version 2 files).
	QL = 64
	// MaxL1Weight bounds hidden-layer weights.
	MaxL1Weight = 32767.0 / QL
	// MaxL1 is the widest hidden layer a file may have.
	MaxL1 = 2 * Hidden
)

// Net holds the quantised weights. Without a hidden layer (L1 = 0, a
// version 1 file) the output is linear in the two clipped accumulators;
// with one, the 2×Hidden clipped values feed L1 clipped-linear units
// (weights L1W, scaled by QL) and the output is linear in those.
type Net struct {
	// Scale is centipawns per unit of the network's output (a logit of the
	// win probability): the evaluation is output × Scale.
	Scale  int32
	FT     []int16 // NumFeatures × Hidden, row-major
	FTBias [Hidden]int16
	// L1 is the width of the hidden layer, 0 for none.
	L1  int
	L1W []int16 // L1 × 2·Hidden: side to move's half, then the other's
	L1B []int32 // in units of 1/(QA·QL)
	// Out has 2·Hidden weights without a hidden layer (side to move's
	// half, then the other's), L1 with one.
	Out     []int16
	OutBias int32 // in units of 1/(QA·QB)
}

// NewNet returns a zero network without a hidden layer (evaluates
// everything as 0).
func NewNet() *Net {
	return &Net{Scale: 600, FT: make([]int16, NumFeatures*Hidden), Out: make([]int16, 2*Hidden)}
}

// NewNetL1 returns a zero network with a hidden layer of l1 units.
func NewNetL1(l1 int) *Net {
	n := NewNet()
	if l1 > 0 {
		n.L1, n.L1W, n.L1B, n.Out = l1, make([]int16, l1*2*Hidden), make([]int32, l1), make([]int16, l1)
	}
	return n
}

// The weights file: magic, version, the shape, the weights, and a CRC-32 of
// everything before it. Little-endian.
var magic = [8]byte{'K', 'I', 'K', 'I', 'N', 'N', 'U', 'E'}

// Version 1 has no hidden layer; version 2 writes its width after the
// header and its weights between the accumulators' and the output's.
const (
	version1 = 1
	version2 = 2
)

type header struct {
	Magic                    [8]byte
	Version                  uint32
	Hidden, Buckets, PerBuck uint32
	QA, QB                   uint32
	Scale                    int32
}

// fileSize is the exact size of a weights file with a hidden layer of l1
// units (0: a version 1 file).
func fileSize(l1 int) int {
	if l1 == 0 {
		return 8 + 4*7 + 2*Hidden + 2*NumFeatures*Hidden + 2*2*Hidden + 4 + 4
	}
	return 8 + 4*7 + 4 + 2*Hidden + 2*NumFeatures*Hidden + 2*l1*2*Hidden + 4*l1 + 2*l1 + 4 + 4
}

// Fingerprint names the weights: the first 12 hex digits of their
// file's SHA-256, so that results kept on disk (the board's reviews) are
// never taken for another network's.
func (n *Net) Fingerprint() string {
	sum := sha256.Sum256(n.Marshal())
	return hex.EncodeToString(sum[:6])
}

// Marshal returns the weights file.
func (n *Net) Marshal() []byte {
	var buf bytes.Buffer
	buf.Grow(fileSize(n.L1))
	v := uint32(version1)
	if n.L1 > 0 {
		v = version2
	}
	h := header{magic, v, Hidden, NumBuckets, PerBucket, QA, QB, n.Scale}
	binary.Write(&buf, binary.LittleEndian, &h)
	if n.L1 > 0 {
		binary.Write(&buf, binary.LittleEndian, uint32(n.L1))
	}
	binary.Write(&buf, binary.LittleEndian, n.FTBias[:])
	binary.Write(&buf, binary.LittleEndian, n.FT)
	if n.L1 > 0 {
		binary.Write(&buf, binary.LittleEndian, n.L1W)
		binary.Write(&buf, binary.LittleEndian, n.L1B)
	}
	binary.Write(&buf, binary.LittleEndian, n.Out)
	binary.Write(&buf, binary.LittleEndian, n.OutBias)
	binary.Write(&buf, binary.LittleEndian, crc32.ChecksumIEEE(buf.Bytes()))
	return buf.Bytes()
}

// ErrBadWeights is wrapped by every error Load returns for a file that is
// not a whole, intact weights file of this build's shape.
var ErrBadWeights = errors.New("bad nnue weights")

// Load reads a weights file, checking its magic, version, shape, size and
// checksum: a truncated or corrupted file is refused, never half-used.
func Load(data []byte) (*Net, error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("%w: %s", ErrBadWeights, fmt.Sprintf(format, a...))
	}
	if len(data) < 8 || !bytes.Equal(data[:8], magic[:]) {
		return nil, bad("not a kiki weights file (no KIKINNUE magic)")
	}
	if len(data) < 36 {
		return nil, bad("truncated header (%d bytes)", len(data))
	}
	var h header
	if err := binary.Read(bytes.NewReader(data), binary.LittleEndian, &h); err != nil {
		return nil, bad("header: %v", err)
	}
	if h.Version != version1 && h.Version != version2 {
		return nil, bad("version %d, this build reads versions %d and %d", h.Version, version1, version2)
	}
	if h.Hidden != Hidden || h.Buckets != NumBuckets || h.PerBuck != PerBucket || h.QA != QA || h.QB != QB {
		return nil, bad("shape %d×%d×%d (QA %d, QB %d), this build wants %d×%d×%d (QA %d, QB %d)",
			h.Buckets, h.PerBuck, h.Hidden, h.QA, h.QB, NumBuckets, PerBucket, Hidden, QA, QB)
	}
	l1, off := 0, 36
	if h.Version == version2 {
		if len(data) < 40 {
			return nil, bad("truncated header (%d bytes)", len(data))
		}
		l1, off = int(binary.LittleEndian.Uint32(data[36:40])), 40
		if l1 < 1 || l1 > MaxL1 {
			return nil, bad("hidden layer of %d units (want 1..%d)", l1, MaxL1)
		}
	}
	if len(data) != fileSize(l1) {
		return nil, bad("%d bytes, want %d (truncated or padded)", len(data), fileSize(l1))
	}
	body := data[:len(data)-4]
	if got, want := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(data[len(data)-4:]); got != want {
		return nil, bad("checksum %08x, file says %08x (corrupted)", got, want)
	}
	if h.Scale <= 0 || h.Scale > 10000 {
		return nil, bad("scale %d out of range", h.Scale)
	}
	n := NewNetL1(l1)
	n.Scale = h.Scale
	r := bytes.NewReader(body[off:])
	parts := []any{n.FTBias[:], n.FT, n.Out, &n.OutBias}
	if l1 > 0 {
		parts = []any{n.FTBias[:], n.FT, n.L1W, n.L1B, n.Out, &n.OutBias}
	}
	for _, v := range parts {
		if err := binary.Read(r, binary.LittleEndian, v); err != nil {
			return nil, bad("weights: %v", err)
		}
	}
	return n, nil
}

// output is the score, in centipawns, for accumulators us (the side to
// move) and them.
func (n *Net) output(us, them *[Hidden]int32) int {
	sum := int64(n.OutBias)
	if n.L1 == 0 {
		sum += int64(dotClip(us, (*[Hidden]int16)(n.Out))) + int64(dotClip(them, (*[Hidden]int16)(n.Out[Hidden:])))
	} else {
		var in [2 * Hidden]int32
		for i := 0; i < Hidden; i++ {
			in[i], in[Hidden+i] = clip(us[i]), clip(them[i])
		}
		for j := 0; j < n.L1; j++ {
			// Each half sums 32 products of at most 2^10 × 2^15: below
			// 2^30, so int32 (faster) is safe; the bias is added in int64.
			w := (*[2 * Hidden]int16)(n.L1W[j*2*Hidden:])
			var z0, z1 int32
			for i := 0; i < 2*Hidden; i += 2 {
				z0 += in[i] * int32(w[i])
				z1 += in[i+1] * int32(w[i+1])
			}
			z := (int64(z0) + int64(z1) + int64(n.L1B[j])) / QL
			sum += int64(clip(int32(min(max(z, -QA), 2*QA)))) * int64(n.Out[j])
		}
	}
	v := int(sum * int64(n.Scale) / (QA * QB))
	return min(max(v, -MaxScore), MaxScore)
}

// MaxScore bounds the evaluation, well below the search's mate scores.
const MaxScore = 15000

// refresh computes side c's accumulator of b from scratch.
func (n *Net) refresh(b *Board, c game.Color, acc *[Hidden]int32, scratch []int32) {
	feats, bucket := Active(b, c, scratch[:0])
	base := bucket * PerBucket
	for i := range acc {
		acc[i] = int32(n.FTBias[i])
	}
	for _, f := range feats {
		n.addRow(acc, base+int(f))
	}
}

// row is feature f's weights.
func (n *Net) row(f int) *[Hidden]int16 {
	return (*[Hidden]int16)(n.FT[f*Hidden : f*Hidden+Hidden])
}

func (n *Net) addRow(acc *[Hidden]int32, f int) { addRow(acc, n.row(f)) }

func (n *Net) subRow(acc *[Hidden]int32, f int) { subRow(acc, n.row(f)) }

// move sets dst to src with feature add's row added and sub's taken away.
func (n *Net) move(dst, src *[Hidden]int32, add, sub int) {
	moveRows(dst, src, n.row(add), n.row(sub))
}

// capture is move with two rows added and two taken away.
func (n *Net) capture(dst, src *[Hidden]int32, add1, sub1, add2, sub2 int) {
	captureRows(dst, src, n.row(add1), n.row(sub1), n.row(add2), n.row(sub2))
}
