package learn

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"kiki/game"
)

// RecordSize is the size of one training record on disk. A file of records
// is their concatenation, nothing else, so it can be appended to, cut at
// any multiple of RecordSize, split or shuffled with plain tools.
//
// Layout (little-endian where it matters):
//
//	0..55   the position, bit-packed: 81 squares × 5 bits (file-major from
//	        1一, as game.Square), the side to move (1 bit), then each side's
//	        hand (先手 then 後手): pawn 5 bits, lance, knight, silver, gold
//	        3 bits each, bishop and rook 2 bits each — 448 bits in all
//	56..57  int16 search score, centipawns, side to move's view
//	58      int8 game result, side to move's view: 1 won, 0 draw, -1 lost
//	59..60  uint16 best move found by the search (game.Move.Key16)
//	61      flags (FlagInCheck, FlagCapture)
//	62..63  uint16 ply of the position in its game
const RecordSize = 64

// Record flags.
const (
	FlagInCheck = 1 << iota // the side to move was in check
	FlagCapture             // the search's best move captures or promotes
)

// Record is one labelled training position.
type Record struct {
	Board  [game.NumSquares]game.Piece
	Side   game.Color
	Hands  [2]game.Hand
	Score  int16
	Result int8
	Move   uint16
	Flags  uint8
	Ply    uint16
}

var handBits = [game.Gold + 1]uint{game.Pawn: 5, game.Lance: 3, game.Knight: 3, game.Silver: 3, game.Gold: 3, game.Bishop: 2, game.Rook: 2}

// pieceCode maps a piece to 0 (empty) or 1..28; codePiece is its inverse.
func pieceCode(pc game.Piece) uint64 {
	if pc == game.NoPiece {
		return 0
	}
	return 1 + uint64(pc.Color())*14 + uint64(pc.Type()-1)
}

func codePiece(c uint64) (game.Piece, bool) {
	if c == 0 {
		return game.NoPiece, true
	}
	if c > 28 {
		return game.NoPiece, false
	}
	c--
	return game.NewPiece(game.Color(c/14), game.PieceType(c%14+1)), true
}

type bitWriter struct {
	buf []byte
	pos uint
}

func (w *bitWriter) put(v uint64, n uint) {
	for i := uint(0); i < n; i++ {
		if v>>i&1 != 0 {
			w.buf[w.pos>>3] |= 1 << (w.pos & 7)
		}
		w.pos++
	}
}

type bitReader struct {
	buf []byte
	pos uint
}

func (r *bitReader) get(n uint) uint64 {
	var v uint64
	for i := uint(0); i < n; i++ {
		if r.buf[r.pos>>3]>>(r.pos&7)&1 != 0 {
			v |= 1 << i
		}
		r.pos++
	}
	return v
}

// NewRecord copies the position of p into a record.
func NewRecord(p *game.Position) Record {
	var r Record
	for s := game.Square(0); s < game.NumSquares; s++ {
		r.Board[s] = p.PieceAt(s)
	}
	r.Side = p.Side()
	r.Hands = [2]game.Hand{p.Hand(game.Black), p.Hand(game.White)}
	return r
}

// Position rebuilds the record's position (through SFEN, so that it is
// checked like any other input).
func (r *Record) Position() (*game.Position, error) {
	return game.ParseSFEN(game.ComposeSFEN(&r.Board, r.Side, r.Hands, 1))
}

// Marshal writes the record into b (RecordSize bytes).
func (r *Record) Marshal(b []byte) {
	clear(b[:RecordSize])
	w := bitWriter{buf: b}
	for s := 0; s < game.NumSquares; s++ {
		w.put(pieceCode(r.Board[s]), 5)
	}
	w.put(uint64(r.Side), 1)
	for c := 0; c < 2; c++ {
		for t := game.Pawn; t <= game.Gold; t++ {
			w.put(uint64(r.Hands[c].Count(t)), handBits[t])
		}
	}
	binary.LittleEndian.PutUint16(b[56:], uint16(r.Score))
	b[58] = byte(r.Result)
	binary.LittleEndian.PutUint16(b[59:], r.Move)
	b[61] = r.Flags
	binary.LittleEndian.PutUint16(b[62:], r.Ply)
}

// Unmarshal reads a record written by Marshal; it refuses bytes that cannot
// be one (a piece code out of range, hand counts beyond the set, a bad
// result), which is how a file that is not a record file shows.
func (r *Record) Unmarshal(b []byte) error {
	if len(b) < RecordSize {
		return fmt.Errorf("record: %d bytes, want %d", len(b), RecordSize)
	}
	rd := bitReader{buf: b}
	for s := 0; s < game.NumSquares; s++ {
		pc, ok := codePiece(rd.get(5))
		if !ok {
			return fmt.Errorf("record: bad piece code on square %d", s)
		}
		r.Board[s] = pc
	}
	r.Side = game.Color(rd.get(1))
	for c := 0; c < 2; c++ {
		var h game.Hand
		for t := game.Pawn; t <= game.Gold; t++ {
			n := int(rd.get(handBits[t]))
			if n > game.MaxInHand(t) {
				return fmt.Errorf("record: %d pieces of kind %d in hand", n, t)
			}
			h = h.With(t, n)
		}
		r.Hands[c] = h
	}
	r.Score = int16(binary.LittleEndian.Uint16(b[56:]))
	r.Result = int8(b[58])
	if r.Result < -1 || r.Result > 1 {
		return fmt.Errorf("record: bad result %d", r.Result)
	}
	r.Move = binary.LittleEndian.Uint16(b[59:])
	r.Flags = b[61]
	r.Ply = binary.LittleEndian.Uint16(b[62:])
	return nil
}

// packedKey is a 64-bit hash (FNV-1a) of the packed position alone, used
// to deduplicate positions across runs without decoding them.
func packedKey(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b[:56] {
		h ^= uint64(c)
		h *= 1099511628211
	}
	return h
}

// ReadRecords reads every whole record of a file; a trailing partial record
// (a write cut short) is ignored and reported in the count of stray bytes.
func ReadRecords(path string) (recs []Record, stray int, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	n := len(data) / RecordSize
	recs = make([]Record, n)
	for i := 0; i < n; i++ {
		if err := recs[i].Unmarshal(data[i*RecordSize:]); err != nil {
			return nil, 0, fmt.Errorf("%s: record %d: %w", path, i, err)
		}
	}
	return recs, len(data) - n*RecordSize, nil
}

// openAppend opens a record file for appending, first cutting a trailing
// partial record left by an interrupted run, and returns the packed keys of
// the records already there (for deduplication).
func openAppend(path string) (*os.File, map[uint64]struct{}, int, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, 0, err
	}
	whole := st.Size() / RecordSize * RecordSize
	if whole != st.Size() {
		if err := f.Truncate(whole); err != nil {
			f.Close()
			return nil, nil, 0, err
		}
	}
	seen := make(map[uint64]struct{}, whole/RecordSize)
	buf := make([]byte, RecordSize)
	for off := int64(0); off < whole; off += RecordSize {
		if _, err := f.ReadAt(buf, off); err != nil {
			f.Close()
			return nil, nil, 0, err
		}
		seen[packedKey(buf)] = struct{}{}
	}
	if _, err := f.Seek(whole, io.SeekStart); err != nil {
		f.Close()
		return nil, nil, 0, err
	}
	return f, seen, int(whole / RecordSize), nil
}

// errStop ends generation early without being an error.
var errStop = errors.New("stop")
