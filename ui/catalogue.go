package ui

import (
	"fmt"
	"os"
	"strings"
)

// The screen speaks one language at a time: every message, the help and
// the dialogs come from this catalogue, Japanese when the locale is
// Japanese and English otherwise (--lang chooses). Shogi's own words
// (先手, 投了, piece names, moves) stay Japanese in both: they are the
// notation, not the language of the program.

// Lang is the language of the screen.
type Lang uint8

// The languages.
const (
	English Lang = iota
	Japanese
)

// String is the language's code, as --lang takes it.
func (l Lang) String() string { return [...]string{"en", "ja"}[l] }

// ParseLang reads "en" or "ja" (as --lang takes them).
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(s) {
	case "en", "english":
		return English, nil
	case "ja", "jp", "japanese":
		return Japanese, nil
	}
	return English, fmt.Errorf("unknown language %q (want ja or en)", s)
}

// LangFromEnv is the language of the locale: LC_ALL, else LC_MESSAGES,
// else LANG (the first of them set decides, as in POSIX); Japanese when
// it names ja, else English.
func LangFromEnv(getenv func(string) string) Lang {
	if getenv == nil {
		getenv = os.Getenv
	}
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if l := getenv(v); l != "" {
			if strings.HasPrefix(strings.ToLower(l), "ja") {
				return Japanese
			}
			return English
		}
	}
	return English
}

// catalogue holds each message in English and Japanese.
var catalogue = map[string][2]string{
	// External engines.
	"engine.starting": {"starting the engine...", "エンジンを起動しています..."},
	"engine.ready":    {"engine ready", "エンジンの準備ができました"},
	"engine.failed":   {"the engine did not start: ", "エンジンを起動できません: "},
	"engine.error":    {"engine error: ", "エンジンのエラー: "},
	"engine.takeover": {" (you play its side now; s saves the game)", " (その手番はあなたが指します。s で保存)"},

	// The new-game dialog.
	"game.title":        {"new game", "新しい対局"},
	"game.titleHere":    {"play from here", "ここから対局"},
	"game.keys":         {"  up/down field  left/right change  enter start (on the engine: type, or take the last used)  esc cancel", "  上下 項目  左右 変更  enter 開始 (エンジン欄では入力か前回のもの)  esc 取消"},
	"game.handicap":     {"handicap", "手合割"},
	"game.fromHere":     {"(this position)", "(この局面から)"},
	"game.human":        {"person", "人間"},
	"game.ai":           {"AI (kiki)", "AI (kiki)"},
	"game.engine":       {"engine", "外部エンジン"},
	"game.level":        {"AI level", "AIレベル"},
	"game.levelValue":   {"%d  (about %d Elo)", "%d  (約 %d Elo)"},
	"game.clock":        {"clock", "持ち時間"},
	"game.main":         {"main", "本体"},
	"game.minutes":      {"%d min", "%d分"},
	"game.seconds":      {"seconds", "秒"},
	"game.secondsValue": {"%d s", "%d秒"},
	"game.byoyomi":      {"byoyomi", "秒読み"},
	"game.increment":    {"increment", "加算"},
	"game.badOption":    {"options %q: write NAME=VALUE; NAME=VALUE", "オプション「%s」: NAME=VALUE; NAME=VALUE の形で書いてください"},
	"game.noTime":       {"no time on the clock: give main minutes (or byoyomi seconds)", "持ち時間がありません: 本体の分 (または秒読みの秒) を指定してください"},
	"game.enginePath":   {"engine", "エンジン"},
	"game.options":      {"options", "オプション"},
	"game.analyser":     {"analyser", "解析"},
	"game.noPath":       {"(none: type a path)", "(なし: パスを入力)"},
	"game.needPath":     {"an engine plays: type its path first", "外部エンジンのパスを入力してください"},
	"game.started":      {"game started", "対局開始"},
	"clock.0":           {"none", "なし"},
	"clock.1":           {"byoyomi (秒読み)", "秒読み"},
	"clock.2":           {"Fischer (increment)", "フィッシャー"},
	"clock.3":           {"sudden death (切れ負け)", "切れ負け"},

	// The help: what each key does.
	"key.Up":            {"cursor", "カーソル"},
	"key.Down":          {"down", "下"},
	"key.Left":          {"left", "左"},
	"key.Right":         {"right", "右"},
	"key.Select":        {"pick/put", "持つ/置く"},
	"key.Cancel":        {"cancel", "取消"},
	"key.HandNext":      {"hand piece", "持駒"},
	"key.HandPrev":      {"hand back", "持駒(戻る)"},
	"key.MoveLine":      {"type move", "指し手を入力"},
	"key.EffectMap":     {"effect map", "利きの地図"},
	"key.CheckStudy":    {"check study", "王手の研究"},
	"key.KindNext":      {"piece kind", "駒の種類"},
	"key.KindPrev":      {"kind back", "駒の種類(戻る)"},
	"key.Attacker":      {"attacker", "攻め方"},
	"key.Undo":          {"undo", "待った"},
	"key.Redo":          {"redo", "進める"},
	"key.Flip":          {"flip", "盤を反転"},
	"key.NewGame":       {"new game", "新しい対局"},
	"key.Resign":        {"resign", "投了"},
	"key.Declare":       {"declare", "入玉宣言"},
	"key.MoveNow":       {"move now", "すぐ指させる"},
	"key.Hint":          {"hint", "ヒント"},
	"key.HideEval":      {"hide/show AI eval", "AIの評価を隠す/出す"},
	"key.Edit":          {"edit board", "局面編集"},
	"key.Help":          {"help", "ヘルプ"},
	"key.Quit":          {"quit", "終了"},
	"key.StepBack":      {"step", "1手戻る/進む"},
	"key.StepFwd":       {"forward", "1手進む"},
	"key.PageBack":      {"10 moves", "10手"},
	"key.PageFwd":       {"10 forward", "10手進む"},
	"key.First":         {"ends", "最初/最後"},
	"key.Last":          {"last", "最後"},
	"key.Jump":          {"go to move", "手数へ移動"},
	"key.PrevBranch":    {"branch", "変化"},
	"key.NextBranch":    {"next branch", "次の変化"},
	"key.Variations":    {"variations", "変化の一覧"},
	"key.Open":          {"open", "開く"},
	"key.Save":          {"save", "保存"},
	"key.SaveAs":        {"save as", "名前を付けて保存"},
	"key.Comment":       {"comment", "コメント"},
	"key.Promote":       {"promote var.", "変化を本譜に"},
	"key.Delete":        {"delete var.", "変化を削除"},
	"key.CopySFEN":      {"copy SFEN", "SFENをコピー"},
	"key.CopyKIF":       {"copy KIF", "KIFをコピー"},
	"key.Analysis":      {"analysis", "検討"},
	"key.AnalyzeAll":    {"analyse game", "棋譜解析"},
	"key.MateSearch":    {"mate search", "詰み探索"},
	"key.PlayFromHere":  {"play from here", "ここから対局"},
	"key.WriteAnalysis": {"write analysis", "解析をコメントに"},
	"key.MoreCands":     {"candidates", "候補手の数"},
	"key.FewerCands":    {"fewer candidates", "候補手を減らす"},
	"key.PickCand":      {"show candidate", "候補手を盤に"},

	"help.page": {"help page %d/%d: ? next page (after the last: closes), esc close", "ヘルプ %d/%d: ? 次のページ (最後の次は閉じる), esc 閉じる"},

	// The help's legend of board marks.
	"mark.title":   {"board marks:", "盤の印:"},
	"mark.cursor":  {"cursor, piece picked up", "カーソル, 持ち上げた駒"},
	"mark.dest":    {"legal move, capture", "動ける升, 取れる駒"},
	"mark.effect":  {"effect of the piece, last move", "その駒の利き, 最終手"},
	"mark.drop":    {"check by a drop, by a move", "打って王手, 動いて王手"},
	"mark.origin":  {"origin: empty, with the piece", "王手の元: 空き, 駒あり"},
	"mark.both":    {"drop or move, and origin", "打ち/行き先と元の両方"},
	"mark.check":   {"check now, mate in one", "いま王手, 一手詰"},
	"mark.control": {"effect map: 先手, 後手, both", "利き: 先手, 後手, 双方"},
	"mark.gote":    {"後手's piece (v歩)", "後手の駒 (v歩)"},
	"mark.hint":    {"hint or best move: from, to", "ヒント/最善手の元と先"},

	// Dialogs.
	"promo.ask":       {"promote? ", "成りますか? "},
	"promo.keys":      {"  (left/right enter, esc cancel)", "  (左右 enter, esc 取消)"},
	"text.keys":       {"  (esc close, up/down scroll)", "  (esc 閉じる, 上下 スクロール)"},
	"move.aiTurn":     {"it is the AI's turn", "AIの手番です"},
	"comment.title":   {"comment", "コメント"},
	"comment.keys":    {"  ctrl+s save  esc cancel", "  ctrl+s 保存  esc 取消"},
	"open.title":      {"open a record", "棋譜を開く"},
	"score.mate":      {"%s mates in %d", "%s %d手詰"},
	"score.value":     {"score(先手) %+d", "評価値(先手) %+d"},
	"eval.blackMates": {"+M%d", "先詰%d"},
	"eval.whiteMates": {"-M%d", "後詰%d"},
	"eval.mateShort":  {"%sM%d", "詰%s%d"},
	"cm.eval":         {"engine's score for 先手 %+d", "評価値 %+d"},
	"cm.mate":         {" (mate)", " (詰み)"},
	"cm.line":         {", line", " 読み筋"},
	"hdr.手合割":         {"handicap", "手合割"},
	"hdr.棋戦":          {"event", "棋戦"},
	"hdr.開始日時":        {"date", "開始日時"},
	"file.noName":     {"no file name", "ファイル名がありません"},
	"file.badExt":     {"%s: use .kif, .kifu, .ki2, .ki2u or .csa", "%s: 拡張子は .kif .kifu .ki2 .ki2u .csa のどれかにしてください"},
	"file.isFolder":   {"%s is a folder", "%s はフォルダです"},
	"file.line":       {"%s line %d", "%s の %d行目"},
	"file.notRecord":  {"not a record kiki can read: %s", "棋譜として読めません: %s"},
	"file.notExist":   {"no such file or folder: %s", "ファイルまたはフォルダがありません: %s"},
	"file.permission": {"not allowed to read or write %s", "%s を読み書きする権限がありません"},
	"file.noSpace":    {"no space left to write %s", "%s を書く空き容量がありません"},
	"file.corrupt":    {"%s is not a file kiki wrote: it is left as it is", "%s は kiki が書いた形式ではありません: そのままにしてあります"},
	"file.failed":     {"could not read or write %s", "%s を読み書きできません"},
	"open.sample":     {"[sample] ", "[サンプル] "},
	"open.stdin":      {"standard input", "標準入力"},
	"open.prompt":     {"path> ", "パス> "},
	"path.keys":       {"  enter ok  esc cancel", "  enter 決定  esc 取消"},
	"open.keys":       {"  up/down choose  enter open  / type a path  esc cancel", "  上下 選ぶ  enter 開く  / パスを入力  esc 取消"},
	"open.none":       {"  (no records in this folder)", "  (このフォルダに棋譜はありません)"},
	"var.main":        {"  (main line)", "  (本譜)"},
	"var.title":       {"variations at move %d", "%d手目の変化"},
	"var.keys":        {"  up/down enter  esc", "  上下 enter  esc"},

	// Questions.
	"ask.resign":     {"resign? y/n", "投了しますか? y/n"},
	"ask.saveFirst":  {"save first", "保存してから"},
	"ask.discard":    {"discard", "破棄する"},
	"ask.cancel":     {"cancel", "やめる"},
	"ask.saveAs":     {"save as (.kif .kifu .ki2 .csa)", "名前を付けて保存 (.kif .kifu .ki2 .csa)"},
	"ask.gameOn":     {"a game is on", "対局中です"},
	"ask.unsaved":    {"unsaved changes", "保存していない変更があります"},
	"ask.quit":       {"quit? ", "終了しますか? "},
	"ask.saveToQuit": {"save to %s and quit", "%s に保存して終了"},
	"ask.saveAsQuit": {"save and quit (choose a file)", "保存して終了 (ファイル名を指定)"},
	"ask.quitNoSave": {"quit without saving", "保存せず終了"},
	"ask.undoResume": {"the game is over (%s). Undo and resume the game?", "対局は終了しています (%s)。待ったして対局を再開しますか?"},
	"ask.resume":     {"resume", "再開する"},
	"ask.exists":     {" exists: overwrite?", " はもうあります。上書きしますか?"},
	"ask.overwrite":  {"overwrite", "上書き"},
	"ask.deleteVar":  {"delete the variation (move %d, %s ...)? y/n", "変化 (%d手目 %s ...) を削除しますか? y/n"},
	"ask.takeEdit":   {"the record has unsaved work. Discard it and make the edited position a new record? y: yes  n: back to editing", "保存していない棋譜があります。破棄して編集した局面を新しい棋譜にしますか? y: はい  n: 編集に戻る"},
	"copy.note":      {" (copied to the clipboard where the terminal supports OSC 52)", " (端末が OSC 52 に対応していればクリップボードにコピー済み)"},
	"recovery.ask":   {"an unsaved game was left: %s, moves: %d", "前回の対局が保存されずに残っています: %s, %d手"},
	"recovery.later": {"later (kept until the next game)", "あとで (次の対局まで残します)"},

	// The editor's help.
	"edit.cursor":  {"cursor", "カーソル"},
	"edit.pieces":  {"歩香桂銀金角飛玉", "歩香桂銀金角飛玉"},
	"edit.target":  {"board/hands", "盤/持駒"},
	"edit.toBox":   {"to the box", "駒箱へ"},
	"edit.promote": {"promote", "成"},
	"edit.side":    {"side", "先後"},
	"edit.turn":    {"to move", "手番"},
	"edit.done":    {"use it", "決定"},
	"edit.cancel":  {"cancel", "取消"},
	"edit.clear":   {"all to the box", "全部駒箱へ"},
	"edit.start":   {"even/handicaps", "平手/駒落ち"},
	"edit.tsume":   {"mate problem", "詰将棋"},

	// The position editor's panel and errors.
	"edit.target0": {"the board", "盤上"},
	"edit.target1": {"先手's hand", "先手の持駒"},
	"edit.target2": {"後手's hand", "後手の持駒"},
	"edit.nifu":    {"二歩 (two pawns on a file): file %s (%s)", "二歩: %s筋 (%s)"},
	"edit.dead":    {"a piece that can never move: %s %s's %s (promote it or move it)", "行き所のない駒: %s %sの%s (成るか動かす)"},
	"edit.inCheck": {"%s's king is left in check (%s to move)", "%sの玉に王手がかかったまま (%sの番)"},
	"edit.cannot":  {"this position cannot be made: ", "この局面は作れません: "},
	"box.title":    {"position editor", "盤面編集"},
	"box.empty":    {"empty", "空"},
	"box.box":      {"piece box ", "駒箱 "},
	"box.target":   {"numbers put into %s, %s's pieces", "置き先 %s  置く駒 %s"},
	"box.turn":     {"%s to move", "手番 %s"},
	"box.remove":   {"- : the number's piece from %s back to the box", "- : 数字の駒を%sから駒箱へ"},
	"box.bad":      {"impossible: ", "不正: "},
	"box.ok":       {"a legal position (Enter takes it)", "正しい局面です (Enter で決定)"},
	"box.help": {"hjkl/arrows cursor  1-8 put 歩香桂銀金角飛玉  t where (board/先手's hand/後手's hand)  - and a number: from the hand to the box  " +
		"x board piece to the box  + promote/unpromote  v side (empty square: of the next piece)  w side to move  z all to the box  s even/handicaps  m mate problem (the king only, the rest in 後手's hand)  " +
		"Enter use it  Esc cancel",
		"hjkl/矢印 カーソル  1-8 歩香桂銀金角飛玉を置く  t 置き先(盤/先手の持駒/後手の持駒)  - と数字 持駒を駒箱へ  " +
			"x 盤の駒を駒箱へ  + 成/戻  v 先後(空き升: 次に置く駒)  w 手番  z 全部駒箱へ  s 平手/駒落ち  m 詰将棋(玉だけ, 残りは後手の持駒)  " +
			"Enter 決定  Esc 取消"},

	// Messages.
	"msg.gameOver":        {"the game is over (n: new game)", "対局は終了しています (n: 新しい対局)"},
	"msg.aiTurn":          {"it is the AI's turn (m: move now)", "AIの手番です (m: すぐ指させる)"},
	"rule.1":              {"no such square", "そのマスはありません"},
	"rule.2":              {"only an unpromoted piece in hand can be dropped", "打てるのは成っていない持ち駒だけです"},
	"rule.3":              {"not in hand", "持ち駒にありません"},
	"rule.4":              {"the square is occupied", "駒のあるマスには打てません"},
	"rule.5":              {"the piece could never move from there", "行き所のない駒になります"},
	"rule.6":              {"two pawns on a file (nifu)", "二歩です"},
	"rule.7":              {"a pawn drop may not mate (uchifuzume)", "打ち歩詰めです"},
	"rule.8":              {"the king is left in check", "王手放置になります"},
	"rule.9":              {"no piece of the side to move there", "手番の駒がありません"},
	"rule.10":             {"the piece cannot move there", "その駒はそこへ動けません"},
	"rule.11":             {"cannot promote on this move", "この手では成れません"},
	"rule.12":             {"the piece must promote there", "成らないと行き所のない駒になります"},
	"rule.notInHandOf":    {"no %s in hand", "%sは持ち駒にありません"},
	"mv.unreadable":       {"%q is not a move: type 7g7f, P*5e, 76歩, 同歩, 55角打 or 58金右", "「%s」は指し手として読めません: 7g7f, P*5e, 76歩, 同歩, 55角打, 58金右 のように入力"},
	"mv.noPrevious":       {"同: there is no previous move", "同: 直前の手がありません"},
	"mv.noPiece":          {"%s: no piece on %s", "%s: %sに駒がありません"},
	"mv.notYours":         {"%s: the piece on %s is not %s's", "%s: %sの駒は%sの駒ではありません"},
	"mv.wrongPiece":       {"%s: the piece on %s is a %s", "%s: %sの駒は%sです"},
	"mv.sayPromote":       {" (write 成)", " (成 と書いてください)"},
	"mv.cannotDrop":       {"%s: a %s cannot be dropped", "%s: %sは打てません"},
	"mv.noneCanGo":        {"%s: no %s can go there", "%s: そこへ行ける%sがありません"},
	"mv.noRelative":       {"%s: no piece matches the word", "%s: 指定に合う駒がありません"},
	"mv.ambiguous":        {"%s: the pieces on %s can all go there: add 右, 左, 直, 上, 引 or 寄", "%s: %sの駒がどれも行けます: 右 左 直 上 引 寄 を付けてください"},
	"msg.illegal":         {"illegal: ", "指せません: "},
	"msg.atStart":         {"already at the start", "これ以上戻れません"},
	"msg.atEnd":           {"already at the end", "これ以上進めません"},
	"msg.moveNowYourTurn": {"it is your turn: m makes the AI move at once while it thinks on its turn", "あなたの手番です: m はAIの手番で考慮中のAIにすぐ指させます"},
	"msg.moveNowNoGame":   {"no AI is playing: m makes the AI move at once on its turn in a game", "対局中のAIがいません: m は対局中のAIの手番ですぐ指させます"},
	"msg.pasteRefused":    {"paste not taken: on the board a paste is one move (7g7f, 76歩), put in the move prompt", "貼り付けは受け付けません: 盤に貼り付けられるのは1手 (7g7f, 76歩) だけで、指し手入力欄に入ります"},
	"msg.gotoPrompt":      {"go to move: type a number, then Enter", "手数へ移動: 数字を入力して Enter"},
	"msg.noDeclare":       {"cannot declare the entering king: %d points, %d pieces in the enemy camp (28/27 points and 10 pieces, the king in the camp, not in check)", "宣言できません: %d点, 敵陣に%d枚 (28/27点と10枚, 玉が敵陣, 王手なし)"},
	"msg.evalHidden":      {"the AI's evaluation is hidden (E: show)", "AIの評価を隠します (E: 表示)"},
	"msg.evalShown":       {"the AI's evaluation is shown (E: hide)", "AIの評価を表示します (E: 隠す)"},
	"edit.gameOn":         {"cannot edit during a game (x: resign / n: new game)", "対局中は編集できません (x: 投了 / n: 新しい対局)"},
	"edit.cancelled":      {"editing cancelled", "編集を取り消しました"},
	"edit.bad":            {"this position is impossible: ", "この局面は不正です: "},
	"edit.taken":          {"the edited position is a new record (p: play from here, M: mate search)", "編集した局面を新しい棋譜にしました (p: ここから対局, M: 詰み探索)"},
	"edit.kingHand":       {"a king cannot be in hand", "玉は持駒にできません"},
	"edit.noneIn":         {"%s holds no %s", "%sに%sがありません"},
	"edit.noneBoxOpp":     {"no %s in the piece box or the other hand", "駒箱にも相手の持駒にも%sがありません"},
	"edit.noKing":         {"no king in the piece box", "駒箱に玉がありません"},
	"edit.noneBox":        {"no %s in the piece box or the hands (x puts a board piece back in the box)", "駒箱にも持駒にも%sがありません (x で盤上の駒を駒箱へ戻す)"},
	"recovery.failed":     {"autosave failed: ", "自動保存できません: "},
	"recovery.ended":      {"the last game (finished) is open: s saves it", "前回の対局 (終局済み) を開きました: s で保存"},
	"ai.hint":             {"hint: ", "ヒント: "},
	"ai.illegal":          {"the AI returned an illegal move %s", "AIが不正な手 %s を返しました"},
	"ai.thinkingHint":     {"thinking of a hint...", "ヒントを考えています..."},
	"mate.searching":      {"searching for a mate... (esc: stop)", "詰み探索中... (esc: 中止)"},
	"mate.progress":       {"searching for a mate... %d nodes %.0fk nps proof %d disproof %d (esc: stop)", "詰み探索中... %d局面 %.0fk nps 証明数 %d 反証数 %d (esc: 中止)"},
	"mate.none":           {"no mate (不詰)", "不詰"},
	"mate.unknown":        {"mate search: out of time (unknown)", "詰み探索: 時間切れ (不明)"},
	"mate.book":           {" (%d without futile interpositions)", " (無駄合を除き%d手)"},
	"an.stopped":          {"analysis stopped", "解析を止めました"},
	"an.done":             {"analysis done: ?%d ??%d (the mover lost ?%d+ ??%d+ points; scores from 先手's view) W: write into the comments", "解析完了: ?%d ??%d (指した側の損 ?%d点以上 ??%d点以上; 評価値は先手から) W: コメントに書く"},
	"an.none":             {"no analysis yet (A: analyse the game)", "解析結果がありません (A: 棋譜を解析)"},
	"an.running":          {"the analysis is running (W once it is done)", "解析中です (終わってから W)"},
	"an.written":          {"wrote the evaluation and line into %d moves (ShogiHome's #評価値= #読み筋=; s saves)", "%d手に評価値と読み筋を書きました (ShogiHome形式 #評価値= #読み筋=; s で保存)"},
	"rp.gameOn":           {"a game is on: u takes back, or finish the game first", "対局中です: u で待った、または対局を終えてから"},
	"rp.goto":             {"go to move: ", "手数へ移動: "},
	"rp.noNumber":         {"go to move: no number given", "手数へ移動: 数字がありません"},
	"rp.variation":        {"variation %d/%d at move %d", "変化 %d/%d (%d手目)"},
	"rp.noVariations":     {"no variations here", "ここに変化はありません"},
	"rp.alreadyMain":      {"already the main line", "すでに本譜です"},
	"rp.nowMain":          {"this line is now the main line", "この変化を本譜にしました"},
	"rp.cannotDelete":     {"the main line cannot be deleted (only variations)", "本譜は削除できません (変化のみ)"},
	"file.opened":         {"opened %s: %d moves", "%s を開きました: %d手"},
	"file.warnings":       {" (%d warnings; first: %s)", " (警告 %d件; 最初: %s)"},
	"file.csaLoss":        {"saved %s, but CSA cannot hold the %s: they are not saved (save as .kif to keep them)", "%s に保存しましたが、CSA は%sを保存できません (残すには .kif で保存)"},
	"file.vars":           {"variations (%d)", "変化%d"},
	"file.comments":       {"comments (%d lines)", "コメント%d行"},
	"file.and":            {" and ", "と"},
	"file.saved":          {"saved ", "保存しました: "},

	// The status line, the side panel and the engine panel.
	"st.draw":                 {"draw (%s)", "%s - 引き分け"},
	"st.wins":                 {"%[2]s wins (%[1]s)", "%s - %sの勝ち"},
	"st.gameOver":             {"game over: ", "対局終了: "},
	"st.ply":                  {"move %d", "%d手目"},
	"st.check":                {"check", "王手"},
	"end.投了":                  {"resignation", "投了"},
	"end.詰み":                  {"checkmate", "詰み"},
	"end.千日手":                 {"repetition", "千日手"},
	"end.連続王手の千日手":            {"perpetual check", "連続王手の千日手"},
	"end.入玉宣言":                {"entering-king declaration", "入玉宣言"},
	"end.時間切れ":                {"time", "時間切れ"},
	"end.反則":                  {"illegal move", "反則"},
	"end.中断":                  {"interrupted", "中断"},
	"end.持将棋":                 {"impasse", "持将棋"},
	"st.ended":                {"ended (%s)", "終局 (%s)"},
	"st.toMove":               {"%s to move", "%sの番"},
	"st.last":                 {"last ", "最終手 "},
	"st.picked":               {"picked ", "選択 "},
	"st.drop":                 {"to drop ", "打つ駒 "},
	"st.depthHidden":          {" depth %d (evaluation hidden: E)", " 深さ%d (評価は非表示: E)"},
	"st.depth":                {" depth %d %s %dknps", " 深さ%d %s %dknps"},
	"st.depthBlurred":         {" depth %d (weak level: no evaluation)", " 深さ%d (弱いレベル: 評価なし)"},
	"purpose.status.move":     {"thinking", "考慮中"},
	"purpose.status.hint":     {"hint", "ヒント"},
	"purpose.status.analysis": {"analysis", "検討"},
	"purpose.panel.move":      {"AI thinking", "AI 考慮中"},
	"purpose.panel.hint":      {"hint", "ヒント"},
	"purpose.panel.analysis":  {"analysis", "検討"},
	"side.more":               {"... (C to read/edit)", "... (C で読む/編集)"},
	"side.moves":              {"moves", "棋譜"},
	"ep.depth":                {"%s depth %d %s", "%s 深さ%d %s"},
	"ep.depthBlurred":         {"%s depth %d (a weak level: no evaluation)", "%s 深さ%d (弱いレベル: 評価なし)"},
	"ep.nodes":                {"%d nodes %dk nps", "%d局面 %dk nps"},
	"ep.cands":                {"candidates %d (+ - how many, 1-%d on the board)", "候補手 %d (+ - 数, 1-%d 盤に表示)"},
	"ep.line":                 {"line ", "読み筋 "},
	"ep.analysing":            {"analysing ", "解析中 "},
	"ep.loss":                 {"%s lost %d points (the mover's view)", "%s %d点損 (指した側から見て)"},
	"ep.best":                 {"best %s (score(先手) %s)", "最善 %s (評価値(先手) %s)"},
	"cand.count":              {"candidates: %d (MultiPV)", "候補手 %d (MultiPV)"},
	"cand.none":               {"no candidate %d (+ asks for more)", "候補手 %d はありません (+ で増やす)"},
	"study.noKing":            {"check study: %s has no king", "逆利き: %sの玉がありません"},
	"study.all":               {"all pieces", "全駒"},
	"board.noPiece":           {"no piece there", "駒がありません"},
	"board.theirs":            {"that is the other side's piece", "相手の駒です"},
	"board.noHand":            {"no pieces in hand", "持ち駒がありません"},
	"screen.small":            {"kiki needs a terminal of at least %dx%d (this one is %dx%d).\nMake the window larger, or press q to quit.", "kiki には %dx%d 以上の端末が必要です (この端末は %dx%d)。\nウィンドウを大きくするか、q で終了してください。"},
	"edit.here":               {"pieces go here", "置き先"},
	"recovery.name":           {"the last game", "前回の対局"},
	"hand.label":              {"in hand", "持駒"},
	"hand.none":               {"none", "なし"},
	"list.start":              {"start", "開始局面"},
	"graph.title":             {"score (先手)", "評価値(先手)"},
	"fx.compact":              {"effect: b/w 先手/後手 has more, = as many; digits: 先手/後手 counts", "利き: b 先手が多い  w 後手が多い  = 同数  空き升の数字は 先手/後手 の利きの数"},
	"fx.medium":               {"effect: blue=先手 red=後手 (deeper: more ahead) yellow=as many  b/w/= the side with more  digits 先手:後手's counts", "利き: 色 青=先手 赤=後手 (濃いほど差が大きい) 黄=同数  b/w/= 多い側  数字 先手:後手 の利きの数"},
	"fx.large":                {"effect: blue=先手 red=後手 (deeper: more ahead) yellow=as many  b/w/= the side with more  %s2 %s1 = 先手 2, 後手 1", "利き: 色 青=先手 赤=後手 (濃いほど差が大きい) 黄=同数  b/w/= 多い側  %s2 %s1 = 先手の利き2 後手の利き1"},

	// Recovery.
	"recovery.resumed": {"the last game resumed, with its clocks", "前回の対局を再開しました (持ち時間も復元)"},

	// The tsume practice.
	"key.Practice":      {"tsume practice", "詰将棋の練習"},
	"pr.title":          {"tsume practice", "詰将棋の練習"},
	"pr.solvedOf":       {"solved/problems", "解いた数/問題数"},
	"pr.set.short":      {"short (1-7 plies)", "短編集 (1-7手)"},
	"pr.set.medium":     {"medium (9-69 plies)", "中編集 (9-69手)"},
	"pr.set.famous":     {"famous compositions", "名作選"},
	"pr.len":            {"mate in %d", "%d手詰"},
	"pr.long":           {"long", "長編"},
	"pr.loading":        {"reading the problems...", "問題を読んでいます..."},
	"pr.empty":          {"no problems in the library", "問題集がありません"},
	"pr.choose":         {"choose a set (up/down) and a length (left/right): n plays the next unsolved, enter lists them", "問題集 (上下) と手数 (左右) を選ぶ: n で次の未解決, enter で一覧"},
	"pr.none":           {"no problems of this length in this set", "この問題集にこの手数の問題はありません"},
	"pr.onBoard":        {"on the board:", "盤上の問題:"},
	"pr.problem":        {"%s  %s #%d", "%s  %s 第%d問"},
	"pr.solvedTag":      {"(solved)", "(済)"},
	"pr.solvedMark":     {"solved", "解いた問題"},
	"pr.source":         {"source: ", "出典: "},
	"pr.started":        {"mate in %d: you attack, every move a check (i: hint, esc: the sets)", "%d手詰: 攻め方を持ち、毎手王手で (i: ヒント, esc: 問題集へ)"},
	"pr.longNote":       {"; a long problem: any mating check is accepted", "; 長編: 詰む王手ならどれでも受け付けます"},
	"pr.gameOn":         {"cannot start the practice during a game (x: resign / n: new game)", "対局中は練習を始められません (x: 投了 / n: 新しい対局)"},
	"pr.left":           {"left the tsume practice", "詰将棋の練習を終えました"},
	"pr.busy":           {"kiki is thinking about your move; u takes it back", "kiki が考えています。u で取り消し"},
	"pr.alreadySolved":  {"solved! n: next unsolved problem, esc: back to the sets", "正解! n: 次の未解決, esc: 問題集へ"},
	"pr.retryFirst":     {"that check was refuted: u or enter to try again", "その王手は逃れられます: u か enter でやり直し"},
	"pr.notCheck":       {"%s is not a check: in tsume every attacker move checks. Try again", "%s は王手ではありません: 詰将棋の攻め方は毎手王手です。もう一度"},
	"pr.thinking":       {"kiki looks for the longest defence...", "kiki が最長の応手を探しています..."},
	"pr.thinkingShort":  {"thinking...", "考慮中..."},
	"pr.doneShort":      {"solved!", "正解!"},
	"pr.escape":         {"%s escapes: no mate after it (drawn on the board, ^ to 1). u or enter: try again", "%s で逃れられます: その後に詰みはありません (盤上に ^ から 1)。u か enter でやり直し"},
	"pr.tooLong":        {"a mate, but in %d plies, not %d: the longest defence %s and its mate are drawn on the board. u or enter: try again", "詰みますが %d手かかり、%d手詰になりません: 最長の応手 %s からの手順を盤上に表示。u か enter でやり直し"},
	"pr.line":           {"the line: ", "手順: "},
	"pr.reply":          {"kiki answers %s (the longest defence)", "kiki の応手 %s (最長の受け)"},
	"pr.unproven":       {"; kiki could not decide every defence in time", "; 時間内にすべての受けを読み切れませんでした"},
	"pr.solved":         {"solved: mate in %d! n: next unsolved, esc: the sets", "正解! %d手で詰みました。n: 次の未解決, esc: 問題集へ"},
	"pr.notSaved":       {"not remembered: ", "記録できません: "},
	"pr.retry":          {"taken back: your move again", "取り消しました: もう一度どうぞ"},
	"pr.hintThinking":   {"kiki looks for a mate...", "kiki が詰みを探しています..."},
	"pr.hint":           {"hint: %s (marked & on the board)", "ヒント: %s (盤上の &)"},
	"pr.hintLen":        {", mate in %d from here", "、ここから%d手詰"},
	"pr.noHint":         {"kiki found no mate from here in time: u takes moves back", "ここからの詰みが時間内に見つかりません: u で戻せます"},
	"keyname.upDown":    {"up/down", "上下"},
	"keyname.leftRight": {"left/right", "左右"},
	"pr.listKeys":       {"up/down choose  enter play  esc close", "上下 選ぶ  enter 解く  esc 閉じる"},
	"pr.key.set":        {"set", "問題集"},
	"pr.key.length":     {"length", "手数"},
	"pr.key.next":       {"next unsolved", "次の未解決"},
	"pr.key.list":       {"list", "一覧"},
	"pr.key.leave":      {"leave", "練習を終える"},
	"pr.key.hint":       {"hint", "ヒント"},
	"pr.key.undo":       {"take back", "戻す"},
	"pr.key.back":       {"sets", "問題集へ"},

	// engines (trust issue)
	"game.lastUsed":      {"(last used: %s)", "(前回: %s)"},
	"resume.gone":        {"the engine of the resumed game did not start again (%s): %s", "再開した対局のエンジンを起動できません (%s): %s"},
	"engine.notFound":    {"%s: no such program", "%s: プログラムが見つかりません"},
	"engine.notRunnable": {"%s: not allowed to run it", "%s: 実行する権限がありません"},
	"resume.unknown":     {"kiki does not know who played %s (a file from an older kiki)", "%s を指していたのが誰か分かりません (古い kiki のファイル)"},
	"resume.humans":      {"continue as human vs human", "人間同士で続ける"},
	"resume.players":     {"choose the players (play from here)", "対局者を選び直す (ここから対局)"},

	// check study (lesson issue)
	"key.AllOrigins":   {"all origins", "移動元すべて"},
	"study.head":       {"%s's %s: checks (. , next)", "王手の研究: %sの%s (. , で駒を替える)"},
	"study.drops":      {"drop %s to check: ", "%sを打って王手: "},
	"study.dropsAll":   {"drop to check: ", "打って王手: "},
	"study.dests":      {"move to check: ", "動かして王手の移動先: "},
	"study.origins":    {"%s able to check (O: all %d): ", "王手に動ける盤上の%s (O:全%d): "},
	"study.originsAll": {"origins of checking moves: ", "王手になる移動の移動元: "},
	"study.count":      {"%d squares", "%dか所"},
	"study.count1":     {"1 square", "1か所"},
	"study.none":       {"none", "なし"},
	"study.more":       {"+%d", "他%dか所"},
	"study.notToMove":  {"! # (checks to play) show on %s's move", "! # (指せる王手) は%sの手番で表示"},
	"study.checksNow":  {"checks: %d (enter on one plays it)", "王手%d手 (マスで enter で指す)"},
	"study.mates":      {"mates: %d", "詰み%d手"},
	"study.which":      {"which check to %s?", "%sへのどの王手?"},

	// lesson (check study issue)
	"key.Lesson":        {"check lesson", "王手のレッスン"},
	"ls.title":          {"check lesson", "王手のレッスン"},
	"ls.kind":           {"Q%d", "問%d"},
	"ls.number":         {"question %d of %d", "%d問目 (全%d問)"},
	"ls.ask.drop":       {"Where does dropping a %[1]s check the 後手 king on %[2]s? Mark every square.", "%[1]sを打って%[2]sの後手玉に王手になるマスは? すべてに印をつけよう。"},
	"ls.ask.dest":       {"To which squares can a %[1]s move (from anywhere) to check the 後手 king on %[2]s? Promoting counts; no discovered checks.", "%[1]sを動かして%[2]sの後手玉に王手になる移動先は? 成りも数える (空き王手は除く)。"},
	"ls.ask.origin":     {"From which squares can a %[1]s move to check the 後手 king on %[2]s? Promoting counts.", "%[1]sを動かして%[2]sの後手玉に王手できる移動元は? 成りも数える。"},
	"ls.ask.twoStep":    {"A %[1]s was dropped quietly (no check); if the 後手 king on %[2]s stays, its next move can check. Where could it have been dropped?", "先手が%[1]sを控えて打った (王手ではない)。%[2]sの後手玉が動かなければ、次にその駒を動かして王手できる。打った場所は?"},
	"ls.rule.drop":      {"a %[1]s's reverse effect = the squares a 後手 %[1]s on the king's square would attack: a drop there checks", "%[1]sの逆利き = 玉の位置に後手の%[1]sを置いたときの利き。そこに打てば王手"},
	"ls.rule.dest":      {"destinations = the %[1]s's reverse effect, and the %[2]s's reverse effect where the move may promote (it starts or ends in the enemy camp, ranks 一 to 三)", "移動先 = %[1]sの逆利き + 成れる手で行ける%[2]sの逆利き (敵陣に入るか敵陣から出る手)"},
	"ls.rule.destPlain": {"a %[1]s does not promote: its destinations are its reverse effect, the squares a 後手 %[1]s on the king's square would attack", "%[1]sは成らないので、移動先は逆利き (玉の位置に後手の%[1]sを置いたときの利き) そのもの"},
	"ls.rule.origin":    {"origins = the squares a 後手 %[1]s would attack from each checking destination, taken together", "移動元 = 王手になる移動先それぞれに後手の%[1]sを置いたときの利きを合わせたもの"},
	"ls.rule.twoStep":   {"the origins of the %[1]s's checking moves where it may be dropped, less the squares where the drop itself checks", "%[1]sの王手の移動元のうち打てるマスから、打っただけで王手になるマスを除いたもの"},
	"ls.right":          {"right! every square (%d). enter: next question", "正解! %dか所すべて。enter で次の問題"},
	"ls.wrong":          {"not quite: %d right, %d missed (-), %d extra (X). enter: next question", "惜しい: 正解%d 見落とし%d (-) 余分%d (X)。enter で次の問題"},
	"ls.shown":          {"the answer: %d squares (counted as missed). enter: next question", "答え: %dか所 (不正解として記録)。enter で次の問題"},
	"ls.noMarks":        {"mark squares first (enter on a square, or : and squares), or a: see the answer", "先にマスに印を (マスで enter か、: でマスを入力)。a で答えを見る"},
	"ls.finishFirst":    {"answer first (s), or see the answer (a)", "先に採点 (s) か、答えを見る (a)"},
	"ls.done":           {"lesson over: %d of %d right the first time. n: another lesson, esc: back to the board", "レッスン終了: 一度で正解%d問 (全%d問)。n でもう一度、esc で盤面へ"},
	"ls.left":           {"left the check lesson", "王手のレッスンを終えました"},
	"ls.gameOn":         {"cannot start the lesson during a game (x: resign / n: new game)", "対局中はレッスンを始められません (x: 投了 / n: 新しい対局)"},
	"ls.notSaved":       {"(the progress is not saved)", "(成績は保存されません)"},
	"ls.cursor":         {"> %s", "> %s"},
	"ls.cursorMarked":   {"> %s (marked)", "> %s (印あり)"},
	"ls.legend.pick":    {"your mark", "あなたの印"},
	"ls.legend.hit":     {"right", "正解"},
	"ls.legend.missed":  {"missed", "見落とし"},
	"ls.legend.extra":   {"marked, not an answer", "余分 (答えではない)"},
	"ls.marked":         {"marked: ", "印: "},
	"ls.progress":       {"right first time/asked", "一度で正解/出題"},
	"ls.again":          {"(again)", "(再出題)"},
	"ls.set.drops":      {"drop checks", "打って王手"},
	"ls.set.dests":      {"destinations", "王手の移動先"},
	"ls.set.origins":    {"origins", "王手の移動元"},
	"ls.set.twoStep":    {"quiet drops", "控えて打つ"},
	"ls.rightShort":     {"right", "正解"},
	"ls.missedShort":    {"missed", "不正解"},
	"ls.badSquare":      {"not a square: %s (write 52, 5b or ５二)", "マスではありません: %s (52、5b、５二 のように)"},
	"ls.key.mark":       {"mark", "印"},
	"ls.key.type":       {"type squares", "マスを入力"},
	"ls.key.grade":      {"grade", "採点"},
	"ls.key.answer":     {"answer", "答え"},
	"ls.key.next":       {"next", "次へ"},
	"ls.key.again":      {"another lesson", "もう一度"},
	"ls.key.clear":      {"clear marks", "印を消す"},
	"ls.kingSquare":     {"the king stands there: not a square to check from", "そこは玉のマスです: 王手をかけるマスではありません"},
	"ls.fromPicker":     {"L: check lesson", "L: 王手のレッスン"},
	"ls.key.leave":      {"leave", "終える"},
	// the lesson's close checks (問8-9)
	"ls.ask.close":        {"A 先手 %[1]s dropped next to the 後手 king on %[2]s checks it from the squares where the effects of a 先手 X and a 後手 Y, both standing on the king's square, meet (AND). What are X and Y? (right for a king on any square)", "先手の%[1]s打ちで%[2]sの後手玉に近接王手 (玉の隣からの王手) になるマスは、玉の位置に置いた先手の駒Xの利きと後手の駒Yの利きが重なるマス。XとYは? (玉がどこにいても合うもの)"},
	"ls.rule.closeBishop": {"a bishop's close checks (the diagonal neighbours) = a 先手 銀 silver's effect & a 後手 銀 silver's, both on the king's square", "角の近接王手 (斜めの隣) = 玉の位置の先手の銀の利き & 後手の銀の利き"},
	"ls.rule.closeRook":   {"a rook's close checks (up, down, sides) = a 先手 金 gold's effect & a 後手 金 gold's, both on the king's square; と 杏 圭 全 move as a gold", "飛の近接王手 (上下左右の隣) = 玉の位置の先手の金の利き & 後手の金の利き。と・杏・圭・全も金と同じ動き"},
	"ls.close.right":      {"right! every close check (%d), and for a king on any square. enter: next question", "正解! 近接王手の%dか所すべて、玉がどこにいても合う。enter で次の問題"},
	"ls.close.wrong":      {"not quite: %d right, %d missed (-), %d extra (X). enter: next question", "惜しい: 正解%d 見落とし%d (-) 余分%d (X)。enter で次の問題"},
	"ls.close.elsewhere":  {"not quite: right for a king on %s, not for one on %s. enter: next question", "惜しい: %sの玉では合うが、%sの玉では合わない。enter で次の問題"},
	"ls.close.choose":     {"choose X and Y first (h l: piece, j k: X or Y), or a: see the answer", "先に X と Y を選ぼう (h l: 駒、j k: XかY)。a で答えを見る"},
	"ls.close.x":          {"X (先手): ", "X (先手): "},
	"ls.close.y":          {"Y (後手): ", "Y (後手): "},
	"ls.close.none":       {"not chosen", "未選択"},
	"ls.close.keys":       {"h l: piece  j k: X or Y  s: grade", "h l: 駒を選ぶ  j k: XかY  s: 採点"},
	"ls.close.meet":       {"they meet on: ", "重なり: "},
	"ls.set.close":        {"close checks", "近接王手"},
	"ls.key.piece":        {"choose piece", "駒を選ぶ"},
	"ls.close.extra":      {"they meet, no close check", "重なるが近接王手ではない"},
	"ls.key.clearPick":    {"clear choice", "選択を消す"},
	"ls.key.row":          {"X or Y", "XかY"},
}

// tr is the message key in the model's language.
func (m *Model) tr(key string) string { return tr(m.lang, key) }

// trOr is the message key in language l, or def when the catalogue has
// no such key (words that may or may not have a translation).
func trOr(l Lang, key, def string) string {
	if e, ok := catalogue[key]; ok {
		return e[l]
	}
	return def
}

// tr is the message key in language l; a key missing from the
// catalogue shows itself (a test checks that none is missing).
func tr(l Lang, key string) string {
	if e, ok := catalogue[key]; ok {
		return e[l]
	}
	return key
}
