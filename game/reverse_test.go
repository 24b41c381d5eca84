package game

import (
	"testing"

	"kiki/game/refdata"
)

// squaresOf is the squares numbered file*10+rank.
func squaresOf(nums ...int) Bitboard {
	var b Bitboard
	for _, n := range nums {
		b = b.Set(NewSquare(n/10, n%10))
	}
	return b
}

// TestReverseEffectReference compares the check sets with the 91 sets of
// reverse-effect.tsv (computed from libosl's legal moves on a board with
// the gote king and a sente king on １九).
func TestReverseEffectReference(t *testing.T) {
	rows := refdata.ReverseEffects(t)
	for _, r := range rows {
		ksq := squaresOf(r.King).First()
		pc, ok := pieceFromLetter(r.Piece)
		if !ok {
			t.Fatalf("bad piece %q", r.Piece)
		}
		p := &Position{kings: [2]Square{NoSquare, NoSquare}}
		p.put(ksq, NewPiece(White, King))
		p.put(NewSquare(1, 9), NewPiece(Black, King))
		sets := p.CheckSets(Black, pc.Type())
		var got Bitboard
		switch r.Set {
		case "drop":
			got = sets.Drops
		case "move-destination":
			got = sets.Destinations
		case "move-origin":
			got = sets.Origins
		default:
			t.Fatalf("bad kind %q", r.Set)
		}
		if want := squaresOf(r.Squares...); got != want {
			t.Errorf("king %s %c %s:\ngot\n%swant\n%s", ksq.Japanese(), r.Piece, r.Set, got, want)
		}
	}
	if len(rows) != 91 {
		t.Errorf("%d sets read, want 91", len(rows))
	}
}

// TestCheckTablesBruteForce proves the static tables by brute force: for
// every attacker, king square and kind, put the piece on every square of
// an otherwise empty board (or in hand), generate its legal moves and keep
// those that attack the king.
func TestCheckTablesBruteForce(t *testing.T) {
	for c := Black; c <= White; c++ {
		for k := Square(0); k < NumSquares; k++ {
			for kind := Pawn; kind < NumPieceTypes; kind++ {
				if kind == King {
					continue
				}
				var drops, dests, origins Bitboard
				if kind <= Gold {
					p := &Position{kings: [2]Square{NoSquare, NoSquare}, side: c}
					p.put(k, NewPiece(c.Opp(), King))
					p.hands[c] = p.hands[c].Add(kind)
					var ml MoveList
					p.LegalMoves(&ml)
					for _, m := range ml.Slice() {
						if Attacks(m.Moved(), m.To(), p.occ.Set(m.To())).Has(k) {
							drops = drops.Set(m.To())
						}
					}
				}
				for from := Square(0); from < NumSquares; from++ {
					if from == k || deadBB[c][kind].Has(from) {
						continue
					}
					p := &Position{kings: [2]Square{NoSquare, NoSquare}, side: c}
					p.put(k, NewPiece(c.Opp(), King))
					p.put(from, NewPiece(c, kind))
					var ml MoveList
					p.LegalMoves(&ml)
					for _, m := range ml.Slice() {
						occ := p.occ.Clear(from).Set(m.To())
						if Attacks(m.Moved(), m.To(), occ).Has(k) {
							dests = dests.Set(m.To())
							origins = origins.Set(from)
						}
					}
				}
				got := StaticCheckSets(c, k, kind)
				if got.Drops != drops || got.Destinations != dests || got.Origins != origins {
					t.Fatalf("%s king %s, %s %s:\ndrops got\n%swant\n%sdests got\n%swant\n%sorigins got\n%swant\n%s",
						c.Opp(), k.Japanese(), c, kind.Name(), got.Drops, drops, got.Destinations, dests, got.Origins, origins)
				}
			}
		}
	}
}

// TestReverseEffectIsAttack checks the defining fact: a piece of side c
// and kind t on s attacks k exactly when the other side's t on k attacks s.
func TestReverseEffectIsAttack(t *testing.T) {
	for c := Black; c <= White; c++ {
		for kind := Pawn; kind < NumPieceTypes; kind++ {
			for k := Square(0); k < NumSquares; k++ {
				for s := Square(0); s < NumSquares; s++ {
					occ := SquareBB(k).Set(s)
					a := Attacks(NewPiece(c, kind), s, occ).Has(k)
					b := Attacks(NewPiece(c.Opp(), kind), k, occ).Has(s)
					if a != b {
						t.Fatalf("%s %s on %s vs king %s: %v / %v", c, kind.Name(), s, k, a, b)
					}
				}
			}
		}
	}
}

// TestDiagramsOfTheText reproduces two diagrams of the reference text:
// 後手玉 ７二, knight destinations and origins (問3, 問6).
func TestDiagramsOfTheText(t *testing.T) {
	k := NewSquare(7, 2)
	sets := StaticCheckSets(Black, k, Knight)
	want := squaresOf(71, 82, 62, 83, 73, 63, 84, 64)
	if sets.Destinations != want {
		t.Errorf("destinations:\n%swant\n%s", sets.Destinations, want)
	}
	origins := squaresOf(83, 63, 94, 74, 54, 95, 85, 75, 65, 55, 96, 76, 56)
	if sets.Origins != origins {
		t.Errorf("origins:\n%swant\n%s", sets.Origins, origins)
	}
}
