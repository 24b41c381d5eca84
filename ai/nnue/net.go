package nnue

import (
	"bytes"
	"encoding/binary"
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
)

// Net holds the quantised weights.
type Net struct {
	// Scale is centipawns per unit of the network's output (a logit of the
	// win probability): the evaluation is output × Scale.
	Scale   int32
	FT      []int16 // NumFeatures × Hidden, row-major
	FTBias  [Hidden]int16
	Out     [2 * Hidden]int16 // side to move's half, then the other's
	OutBias int32             // in units of 1/(QA·QB)
}

// NewNet returns a zero network (evaluates everything as 0).
func NewNet() *Net {
	return &Net{Scale: 600, FT: make([]int16, NumFeatures*Hidden)}
}

// The weights file: magic, version, the shape, the weights, and a CRC-32 of
// everything before it. Little-endian.
var magic = [8]byte{'K', 'I', 'K', 'I', 'N', 'N', 'U', 'E'}

const version = 1

type header struct {
	Magic                    [8]byte
	Version                  uint32
	Hidden, Buckets, PerBuck uint32
	QA, QB                   uint32
	Scale                    int32
}

// fileSize is the exact size of a weights file of this shape.
const fileSize = 8 + 4*7 + 2*Hidden + 2*NumFeatures*Hidden + 2*2*Hidden + 4 + 4

// Marshal returns the weights file.
func (n *Net) Marshal() []byte {
	var buf bytes.Buffer
	buf.Grow(fileSize)
	h := header{magic, version, Hidden, NumBuckets, PerBucket, QA, QB, n.Scale}
	binary.Write(&buf, binary.LittleEndian, &h)
	binary.Write(&buf, binary.LittleEndian, n.FTBias[:])
	binary.Write(&buf, binary.LittleEndian, n.FT)
	binary.Write(&buf, binary.LittleEndian, n.Out[:])
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
	if h.Version != version {
		return nil, bad("version %d, this build reads version %d", h.Version, version)
	}
	if h.Hidden != Hidden || h.Buckets != NumBuckets || h.PerBuck != PerBucket || h.QA != QA || h.QB != QB {
		return nil, bad("shape %d×%d×%d (QA %d, QB %d), this build wants %d×%d×%d (QA %d, QB %d)",
			h.Buckets, h.PerBuck, h.Hidden, h.QA, h.QB, NumBuckets, PerBucket, Hidden, QA, QB)
	}
	if len(data) != fileSize {
		return nil, bad("%d bytes, want %d (truncated or padded)", len(data), fileSize)
	}
	body := data[:len(data)-4]
	if got, want := crc32.ChecksumIEEE(body), binary.LittleEndian.Uint32(data[len(data)-4:]); got != want {
		return nil, bad("checksum %08x, file says %08x (corrupted)", got, want)
	}
	if h.Scale <= 0 || h.Scale > 10000 {
		return nil, bad("scale %d out of range", h.Scale)
	}
	n := NewNet()
	n.Scale = h.Scale
	r := bytes.NewReader(body[36:])
	for _, v := range []any{n.FTBias[:], n.FT, n.Out[:], &n.OutBias} {
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
	for i := 0; i < Hidden; i++ {
		sum += int64(clip(us[i])) * int64(n.Out[i])
		sum += int64(clip(them[i])) * int64(n.Out[Hidden+i])
	}
	v := int(sum * int64(n.Scale) / (QA * QB))
	return min(max(v, -MaxScore), MaxScore)
}

// MaxScore bounds the evaluation, well below the search's mate scores.
const MaxScore = 15000

func clip(v int32) int32 {
	if v < 0 {
		return 0
	}
	if v > QA {
		return QA
	}
	return v
}

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

func (n *Net) addRow(acc *[Hidden]int32, row int) {
	w := n.FT[row*Hidden : row*Hidden+Hidden]
	for i := range acc {
		acc[i] += int32(w[i])
	}
}

func (n *Net) subRow(acc *[Hidden]int32, row int) {
	w := n.FT[row*Hidden : row*Hidden+Hidden]
	for i := range acc {
		acc[i] -= int32(w[i])
	}
}
