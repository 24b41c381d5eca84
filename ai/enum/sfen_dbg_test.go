package enum

import "kiki/game"

func FromSFENTest(s string) (Pos, error) {
	gp, err := game.ParseSFEN(s)
	if err != nil {
		return Pos{}, err
	}
	var p Pos
	p.King = gp.King(game.White)
	for sq := game.Square(0); sq < 81; sq++ {
		pc := gp.PieceAt(sq)
		if pc != game.NoPiece && pc.Color() == game.Black {
			p.Kind[p.N], p.Sq[p.N] = pc.Type(), sq
			p.N++
		}
	}
	for _, t := range []game.PieceType{game.Gold, game.Silver, game.Knight, game.Pawn} {
		for i := 0; i < gp.Hand(game.Black).Count(t); i++ {
			p.Kind[p.N], p.Sq[p.N] = t, InHand
			p.N++
		}
	}
	p.canon()
	return p, nil
}
