// Package board draws a shogi board and its hands in a layout: the
// squares with their marks and overlays (View), the hand lines and
// komadai (Hand), and the geometry of the compact, medium and large
// layouts (Geom). It only draws: the root ui package fills in what to
// show and routes keys and clicks.
package board
