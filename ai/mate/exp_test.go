package mate
import ("testing";"fmt";"context";"time";"os";"kiki/game")
func TestExpMedium(t *testing.T) {
	if os.Getenv("KIKI_EXP") == "" { t.Skip() }
	var total time.Duration; var nodes uint64
	for _, pr := range loadProblems(t, "medium.tsv") {
		if pr.length > 21 { continue }
		p, _ := game.ParseSFEN(pr.sfen)
		sv := New(Options{HashMiB: 256, Timeout: 30*time.Second})
		res := sv.Solve(context.Background(), p)
		total += res.Elapsed; nodes += res.Nodes
		ok := res.Length == pr.length && res.Minimal
		fmt.Printf("line %2d len %2d got %2d ok=%v %6.2fs %8d\n", pr.line, pr.length, res.Length, ok, res.Elapsed.Seconds(), res.Nodes)
	}
	fmt.Println("total", total, nodes)
}
