// Package assets holds what ships inside the kiki binary: a small library
// of classic games (the 1709–1711 match between 大橋宗銀 and 伊藤印達,
// from ../shared/data/kif, re-written by kiki's own KIF writer without the
// tags other tools had added as comments), so a newcomer can replay
// something at once; and the learned evaluation's weights (nnue.bin, made
// by `kiki learn train`, see ai/learn/README.md); and the mate problems of the
// tsume practice (tsume/*.tsv.gz, kif's problem-set format: the famous
// compositions and the short and medium sets of ../shared/data/tsume,
// converted by tsume/gen.go, and the enumerated sets enum-<MATERIAL>.tsv.gz
// when they are made). Nothing here is read from the working directory.
package assets

import (
	"embed"
	"io/fs"
)

//go:embed nnue.bin
var nnueWeights []byte

// NNUE returns the learned evaluation's weights file (checked by
// nnue.Load, not here).
func NNUE() []byte { return nnueWeights }

//go:embed games/*.kif
var games embed.FS

// Games returns the embedded record library, its files at the top level.
func Games() fs.FS { return folder(games, "games") }

//go:embed tsume/*.tsv.gz
var tsume embed.FS

// Tsume returns the embedded mate problem sets (gzip-compressed problem
// sets, kif.ReadProblems reads them), their files at the top level.
func Tsume() fs.FS { return folder(tsume, "tsume") }

// folder is one embedded folder with its files at the top level.
func folder(f embed.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic(err) // the go:embed patterns guarantee the folders
	}
	return sub
}
