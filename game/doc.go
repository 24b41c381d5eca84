// Package game is kiki's rules core: squares, pieces, hands, bitboards,
// attack and reverse-effect (逆利き) tables, positions with SFEN, make/unmake
// and Zobrist keys, legal move generation by category, and game status
// (mate, repetition, entering-king declaration). It is pure and does no I/O.
//
// # Square numbering
//
// This is the one place the numbering is decided. Squares are numbered
// file-major from 1一: square = (file-1)*9 + (rank-1), so 1一 = 0, 1九 = 8,
// 2一 = 9 … 9九 = 80. Rank 1 is 後手's back rank (the top of the board as
// 先手 sees it); 先手 (Black) moves towards lower ranks. A file lies in nine
// consecutive bits, which is what makes lance and rook-file attacks a single
// bit scan (see bitboard.go).
//
// # Files
//
//	color.go      Color (Black = 先手, White = 後手)
//	square.go     Square, files and ranks, USI and Japanese names
//	piece.go      PieceType, Piece, promotion, names
//	hand.go       Hand: a packed count of pieces in hand
//	bitboard.go   Bitboard: 81 bits in two uint64 words
//	attacks.go    move vectors and the attack tables built from them
//	reverse.go    reverse-effect (check) tables in Bonanza's sense
//	zobrist.go    Zobrist keys
//	move.go       Move, USI move strings
//	position.go   Position, make/unmake, attackers, pins
//	sfen.go       SFEN parsing and formatting, USI position strings
//	handicap.go   the even start and the standard handicaps
//	movegen.go    legal move generation: all, captures, quiets, evasions
//	checks.go     check generation from the reverse-effect tables
//	count.go      legal move counting without generation (perft's last ply)
//	status.go     mate, repetition (千日手), entering-king declaration
//	effects.go    per-square effect counts for the UI
//	perft.go      perft
package game
