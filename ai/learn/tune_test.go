package learn

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"kiki/ai"
	"kiki/game"
)

// tuneRecords writes n quiet positions of random games, each scored by
// the evaluation prm, to a record file and returns its path.
func tuneRecords(t *testing.T, prm *ai.Params, n int) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	path := filepath.Join(t.TempDir(), "tune.bin")
	var buf []byte
	for len(buf) < n*RecordSize {
		p := game.NewStartPosition()
		var ml game.MoveList
		for ply := 0; ply < 120; ply++ {
			ml.Clear()
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p.DoMove(ml.At(rng.IntN(ml.Len())))
			if ply >= 10 && !p.InCheck() && len(buf) < n*RecordSize {
				r := NewRecord(p)
				r.Score = int16(prm.Evaluate(p))
				var b [RecordSize]byte
				r.Marshal(b[:])
				buf = append(buf, b[:]...)
			}
		}
	}
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Tuning from the shipped numbers towards positions scored by numbers
// that value pawns more finds the pawn values again and lowers the loss
// on the held-out positions too; the tempo bonus is never moved.
func TestTuneRecoversValues(t *testing.T) {
	teacher := ai.Default
	teacher.Board[game.Pawn] += 60
	teacher.Hand[game.Pawn] += 60
	teacher.Tempo = 90
	path := tuneRecords(t, &teacher, 3000)
	res, err := Tune(context.Background(), TuneOptions{Data: []string{path}, Start: ai.Default, Scale: 600,
		MaxScore: 3000, Step: 16, Sweeps: 6, ValShare: 0.2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !(res.TrainLoss < res.StartTrain/2 && res.ValLoss < res.StartVal/2) {
		t.Fatalf("losses %.6f -> %.6f (held out %.6f -> %.6f): not halved", res.StartTrain, res.TrainLoss, res.StartVal, res.ValLoss)
	}
	start, got := ai.Default.Board[game.Pawn], res.Params.Board[game.Pawn]
	if got < start+30 {
		t.Fatalf("pawn on the board %d -> %d, the teacher's is %d", start, got, teacher.Board[game.Pawn])
	}
	if res.Params.Tempo != ai.Default.Tempo {
		t.Fatalf("the tempo moved: %d", res.Params.Tempo)
	}
	if _, err := Tune(context.Background(), TuneOptions{Data: []string{path}, Start: ai.Default, Scale: 0, Step: 1, Sweeps: 1}); err == nil {
		t.Fatal("a zero scale was accepted")
	}
}

// The Go source ParamsSource writes declares exactly the numbers given:
// parsed back field by field, with random values in every array.
func TestParamsSourceRoundTrip(t *testing.T) {
	prm := ai.Default
	rng := rand.New(rand.NewPCG(9, 10))
	v := reflect.ValueOf(&prm).Elem()
	var fill func(x reflect.Value)
	fill = func(x reflect.Value) {
		switch x.Kind() {
		case reflect.Int:
			x.SetInt(int64(rng.IntN(2001) - 1000))
		case reflect.Array:
			for i := 0; i < x.Len(); i++ {
				fill(x.Index(i))
			}
		}
	}
	fill(v)
	// Slots no piece kind uses stay zero (index 0, the king's value).
	prm.Board[0], prm.Hand[0], prm.Mobility[0], prm.HandThreat[0] = 0, 0, 0, 0
	prm.AttackNear[0], prm.DefendNear[0] = [9]int{}, [9]int{}
	src, err := ParamsSource(prm, "kiki learn tune test")
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "params_default.go", src, 0)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	var lit *ast.CompositeLit
	ast.Inspect(f, func(n ast.Node) bool {
		if vs, ok := n.(*ast.ValueSpec); ok && vs.Names[0].Name == "Default" {
			lit = vs.Values[0].(*ast.CompositeLit)
		}
		return lit == nil
	})
	if lit == nil {
		t.Fatalf("no Default in\n%s", src)
	}
	var back ai.Params
	bv := reflect.ValueOf(&back).Elem()
	kinds := map[string]int{}
	for i, name := range pieceTypeNames {
		kinds["game."+name] = i
	}
	var read func(x reflect.Value, e ast.Expr)
	read = func(x reflect.Value, e ast.Expr) {
		switch e := e.(type) {
		case *ast.BasicLit:
			n, _ := strconv.Atoi(e.Value)
			x.SetInt(int64(n))
		case *ast.UnaryExpr: // a negative number
			n, _ := strconv.Atoi(e.X.(*ast.BasicLit).Value)
			x.SetInt(int64(-n))
		case *ast.CompositeLit:
			for i, el := range e.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					var b strings.Builder
					b.WriteString(kv.Key.(*ast.SelectorExpr).X.(*ast.Ident).Name + ".")
					b.WriteString(kv.Key.(*ast.SelectorExpr).Sel.Name)
					read(x.Index(kinds[b.String()]), kv.Value)
					continue
				}
				read(x.Index(i), el)
			}
		}
	}
	for _, el := range lit.Elts {
		kv := el.(*ast.KeyValueExpr)
		read(bv.FieldByName(kv.Key.(*ast.Ident).Name), kv.Value)
	}
	if back != prm {
		t.Fatalf("read back\n%+v\nwant\n%+v\nfrom\n%s", back, prm, src)
	}
}

// The loss, and so the tuning, does not depend on the number of cores.
func TestTuneLossSameOnAnyCores(t *testing.T) {
	path := tuneRecords(t, &ai.Default, 500)
	recs, _, err := ReadRecords(path)
	if err != nil {
		t.Fatal(err)
	}
	var ss []tuneSample
	for i := range recs {
		p, err := recs[i].Position()
		if err != nil {
			t.Fatal(err)
		}
		ss = append(ss, tuneSample{pos: p, target: logistic(float64(recs[i].Score)+37, 600)})
	}
	prev := runtime.GOMAXPROCS(1)
	one := tuneLoss(&ai.Default, ss, 600)
	runtime.GOMAXPROCS(3)
	three := tuneLoss(&ai.Default, ss, 600)
	runtime.GOMAXPROCS(prev)
	if one != three || one == 0 {
		t.Fatalf("loss %v on one core, %v on three", one, three)
	}
}

// The shipped ai/params_default.go is exactly what kiki learn tune writes
// for ai.Default with the command its first line names: the file was
// generated, not edited by hand.
func TestShippedParamsAreGenerated(t *testing.T) {
	file, err := os.ReadFile(filepath.Join("..", "params_default.go"))
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(file), "\n")
	cmd, ok := strings.CutPrefix(first, "// Code generated by ")
	cmd, ok2 := strings.CutSuffix(cmd, "; DO NOT EDIT.")
	if !ok || !ok2 {
		t.Fatalf("first line %q is no generated-code header", first)
	}
	src, err := ParamsSource(ai.Default, cmd)
	if err != nil {
		t.Fatal(err)
	}
	if string(src) != string(file) {
		t.Fatalf("ai/params_default.go differs from what kiki learn tune writes for ai.Default:\n%s", src)
	}
	if ai.Default == ai.HandSet {
		t.Fatal("the shipped numbers are the hand-set ones")
	}
}
