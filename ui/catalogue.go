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
	"engine.starting": {"starting the engine…", "エンジンを起動しています…"},
	"engine.ready":    {"engine ready", "エンジンの準備ができました"},
	"engine.failed":   {"the engine did not start: ", "エンジンを起動できません: "},
	"engine.error":    {"engine error: ", "エンジンのエラー: "},
	"engine.takeover": {" (you play its side now; s saves the game)", " (その手番はあなたが指します。s で保存)"},

	// The new-game dialog.
	"game.title":      {"new game", "新しい対局"},
	"game.titleHere":  {"play from here", "ここから対局"},
	"game.keys":       {"  up/down field  left/right change  enter start (on the engine: type)  esc cancel", "  上下 項目  左右 変更  enter 開始 (エンジン欄では入力)  esc 取消"},
	"game.handicap":   {"handicap ", "手合割   "},
	"game.fromHere":   {"(this position)", "(この局面から)"},
	"game.human":      {"person", "人間"},
	"game.ai":         {"AI (kiki)", "AI (kiki)"},
	"game.engine":     {"engine", "外部エンジン"},
	"game.level":      {"AI level ", "AIレベル "},
	"game.clock":      {"clock    ", "持ち時間 "},
	"game.main":       {"  main   %d min", "  本体   %d分"},
	"game.seconds":    {"  secs   %d s (byoyomi/increment)", "  秒     %d秒 (秒読み/加算)"},
	"game.enginePath": {"engine   ", "エンジン "},
	"game.options":    {"options  ", "オプション "},
	"game.analyser":   {"analyser ", "解析     "},
	"game.noPath":     {"(none: type the path of a USI engine)", "(なし: USIエンジンのパスを入力)"},
	"game.needPath":   {"an engine plays: type its path first", "外部エンジンのパスを入力してください"},
	"game.started":    {"game started", "対局開始"},

	// Recovery.
	"recovery.resumed": {"the last game resumed, with its clocks", "前回の対局を再開しました (持ち時間も復元)"},
}

// tr is the message key in the model's language.
func (m *Model) tr(key string) string { return tr(m.lang, key) }

// tr is the message key in language l; a key missing from the
// catalogue shows itself (a test checks that none is missing).
func tr(l Lang, key string) string {
	if e, ok := catalogue[key]; ok {
		return e[l]
	}
	return key
}
