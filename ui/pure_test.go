package ui

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"kiki/game"
	"kiki/ui/board"
)

// dump writes everything reachable from v (following pointers, once
// each; functions and channels by their presence only), so that two dumps
// differ when any state the model holds has changed.
func dump(sb *strings.Builder, v reflect.Value, seen map[uintptr]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			sb.WriteString("nil")
			return
		}
		if seen[v.Pointer()] {
			fmt.Fprintf(sb, "@%x", v.Pointer())
			return
		}
		seen[v.Pointer()] = true
		sb.WriteString("&")
		dump(sb, v.Elem(), seen)
	case reflect.Interface:
		if v.IsNil() {
			sb.WriteString("nil")
			return
		}
		sb.WriteString(v.Elem().Type().String())
		dump(sb, v.Elem(), seen)
	case reflect.Struct:
		sb.WriteString("{")
		for i := 0; i < v.NumField(); i++ {
			if ft := v.Field(i).Type(); ft.Kind() == reflect.Pointer && (strings.HasSuffix(ft.Elem().PkgPath(), "/memoization") || strings.HasSuffix(ft.Elem().PkgPath(), "bubbles/viewport")) {
				// bubbles' textarea memoizes its wrapping and refills its
				// viewport from its value in its View: caches, not state.
				continue
			}
			sb.WriteString(v.Type().Field(i).Name + ":")
			dump(sb, v.Field(i), seen)
			sb.WriteString(" ")
		}
		sb.WriteString("}")
	case reflect.Slice, reflect.Array:
		sb.WriteString("[")
		for i := 0; i < v.Len(); i++ {
			dump(sb, v.Index(i), seen)
			sb.WriteString(",")
		}
		sb.WriteString("]")
	case reflect.Map:
		// Written sorted: a map's order changes from one range to the next.
		keys := v.MapKeys()
		parts := make([]string, 0, len(keys))
		for _, k := range keys {
			var kb, vb strings.Builder
			dump(&kb, k, map[uintptr]bool{})
			dump(&vb, v.MapIndex(k), seen)
			parts = append(parts, kb.String()+"="+vb.String())
		}
		slices.Sort(parts)
		sb.WriteString("map[" + strings.Join(parts, ",") + "]")
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		fmt.Fprintf(sb, "%s(%v)", v.Kind(), !v.IsNil())
	default:
		fmt.Fprintf(sb, "%v", valueString(v))
	}
}

func valueString(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Bool:
		return fmt.Sprint(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return fmt.Sprint(v.Int())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return fmt.Sprint(v.Uint())
	case reflect.Float32, reflect.Float64:
		return fmt.Sprint(v.Float())
	case reflect.String:
		return fmt.Sprintf("%q", v.String())
	}
	return v.Kind().String()
}

func modelDump(m *Model) string {
	var sb strings.Builder
	dump(&sb, reflect.ValueOf(m), map[uintptr]bool{})
	return sb.String()
}

// View changes nothing: in every state below, the model is the same
// before and after a View, and two Views draw the same screen.
func TestViewIsPure(t *testing.T) {
	states := map[string]func(m *Model){
		"start":        func(m *Model) {},
		"selected":     func(m *Model) { press(m, "j", "j", "enter") },
		"drop":         func(m *Model) { m.s.pos, _ = game.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b G 1"); press(m, "tab") },
		"study":        func(m *Model) { press(m, "e", "c", ".") },
		"help":         func(m *Model) { press(m, "?") },
		"text dialog":  func(m *Model) { press(m, "Y", "j", "j", "j", "j", "j", "j", "j", "j", "j", "j") },
		"open dialog":  func(m *Model) { m.dialog = m.newOpenDialog() },
		"new game":     func(m *Model) { press(m, "n") },
		"move line":    func(m *Model) { press(m, ":", "99歩", "enter") },
		"editor":       func(m *Model) { press(m, "b", "5") },
		"long record":  func(m *Model) { m.openRecord(longRecord(80), "", "long"); m.step(40) },
		"comment":      func(m *Model) { m.openRecord(longRecord(80), "", "long"); m.step(5); press(m, "C") },
		"small screen": func(m *Model) { m.Update(tea.WindowSizeMsg{Width: 40, Height: 10}) },
	}
	for name, setup := range states {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			m := newTestModel(testOptions())
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			setup(m)
			before := modelDump(m)
			v1 := m.View()
			after := modelDump(m)
			if before != after {
				i := 0
				for i < len(before) && i < len(after) && before[i] == after[i] {
					i++
				}
				t.Errorf("%s %v: View changed the model near %q", name, size, after[max(0, i-80):min(len(after), i+80)])
			}
			if v2 := m.View(); v1 != v2 {
				t.Errorf("%s %v: two Views differ", name, size)
			}
		}
	}
}

// A click on the move list, with no View before it, lands on the row the
// screen shows there.
func TestListClickMatchesScreen(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {110, 34}} {
		for _, at := range []int{0, 3, 30, 59} {
			moved := 0
			m := newTestModel(testOptions())
			m.openRecord(longRecord(60), "", "long")
			m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			m.step(at)
			for y := 0; y < size[1]; y++ {
				m2 := newTestModel(testOptions())
				m2.openRecord(m.s.rec, "", "long")
				m2.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				m2.step(at)
				screen := strings.Split(stripANSI(m2.View()), "\n")
				m2.Update(tea.MouseMsg{X: board.Width + 6, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
				row := ansi.TruncateLeft(screen[y], board.Width+3, "")
				if m2.s.node.Ply == at {
					continue // not a list row (or the current one)
				}
				label := fmt.Sprintf("%3d ", m2.s.node.Ply)
				if m2.s.node.Ply == 0 {
					label = "start"
				}
				moved++
				if !strings.Contains(row, label) {
					t.Errorf("%v at %d: the click on row %d went to move %d, the row shows %q", size, at, y, m2.s.node.Ply, row)
				}
			}
			if moved < 5 {
				t.Errorf("%v at %d: only %d rows took a click", size, at, moved)
			}
		}
	}
}
