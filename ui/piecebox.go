package ui

import (
	"fmt"
	"strings"

	"kiki/ui/textfit"
)

// editorPanel is the side panel while editing: the piece box, where the
// number keys put a piece, the side to move, what is wrong, and the keys.
func (m *Model) editorPanel(w, h int) []string {
	e := m.edit()
	var out []string
	add := func(s string) { out = append(out, textfit.Truncate(s, w)) }
	add(m.theme.Title.Render(m.tr("box.title")))
	box := e.BoxText()
	if box == "" {
		box = m.tr("box.empty")
	}
	for _, l := range textfit.Wrap(m.tr("box.box")+box, w) {
		add(l)
	}
	// Wrapped, not cut: these say what the keys do now.
	for _, l := range textfit.Wrap(fmt.Sprintf(m.tr("box.target"), e.Target.In(m.lang), e.Color.String()), w) {
		add(l)
	}
	for _, l := range textfit.Wrap(fmt.Sprintf(m.tr("box.turn"), e.Side.String()), w) {
		add(l)
	}
	if e.Remove {
		add(m.theme.Warn.Render(fmt.Sprintf(m.tr("box.remove"), e.Target.In(m.lang))))
	}
	if e.Err != "" {
		for _, l := range textfit.Wrap(m.tr("box.bad")+e.Err, w) {
			add(m.theme.Warn.Render(l))
		}
	} else {
		add(m.theme.Good.Render(m.tr("box.ok")))
	}
	add("")
	for _, item := range strings.Split(m.tr("box.help"), "  ") {
		for _, l := range textfit.Wrap(item, w) {
			if len(out) < h {
				add(m.theme.Dim.Render(l))
			}
		}
	}
	return out
}
