// gpsteacher: GPS Shogi's evaluation and search (OpenShogiLib, Debian's
// libosl-dev) behind a minimal USI, as a teacher for `kiki learn label`.
// gpsusi itself cannot be one: it thinks about a second whatever its
// limits. This answers `go depth N` (and `go nodes N`) at once, with the
// score from the side to move's view in GPS's pawn units ×100 and the
// best move, which is all that labelling needs.
//
// build: g++ -O2 -std=c++17 -o gpsteacher gpsteacher.cc -losl -lpthread
// use:   kiki learn label --engine ./gpsteacher --depth 2 --in POS --out LABELS
//
// Depth N is GPS's realization-probability limit N×200 (about N plies of
// ordinary moves; forcing ones cost less). Every search starts from a fresh
// player, so a position's label does not depend on the one before.
#include "osl/eval/openMidEndingEval.h"
#include "osl/game_playing/alphaBetaPlayer.h"
#include "osl/game_playing/gameState.h"
#include "osl/numEffectState.h"
#include "osl/oslConfig.h"
#include "osl/progress.h"
#include "osl/search/searchTimer.h"
#include "osl/sennichite.h"
#include "osl/usi.h"
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>
using namespace osl;

int main() {
  std::string line;
  bool ready = false;
  int pawn = 1;  // a pawn in the evaluation's units
  NumEffectState initial;
  std::vector<Move> moves;
  bool positionOK = false;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    std::istringstream is(line);
    std::string cmd;
    is >> cmd;
    if (cmd == "usi") {
      std::cout << "id name gpsteacher\nid author kiki\nusiok" << std::endl;
    } else if (cmd == "isready") {
      if (!ready) {
        OslConfig::setUp();
        OslConfig::setNumCPUs(1);
        eval::ml::OpenMidEndingEval::setUp();
        progress::ml::NewProgress::setUp();
        pawn = eval::ml::OpenMidEndingEval::captureValue(newPtypeO(WHITE, PAWN)) / 2 /
               eval::ml::OpenMidEndingEval::seeScale();
        ready = true;
      }
      std::cout << "readyok" << std::endl;
    } else if (cmd == "quit") {
      break;
    } else if (cmd == "position") {
      moves.clear();
      positionOK = true;
      try {
        usi::parse(line.substr(9), initial, moves);
      } catch (...) {
        positionOK = false;
        std::cout << "info string bad position: " << line << std::endl;
      }
    } else if (cmd == "go") {
      int depth = 2;
      size_t nodes = 0;
      std::string k;
      while (is >> k) {
        if (k == "depth") is >> depth;
        else if (k == "nodes") is >> nodes;
      }
      if (!positionOK || !ready) {
        std::cout << "bestmove resign" << std::endl;
        continue;
      }
      depth = std::max(1, std::min(depth, 20));
      game_playing::GameState gs(initial);
      for (Move m : moves) gs.pushMove(m);
      game_playing::AlphaBeta2OpenMidEndingEvalPlayer player;
      player.setDepthLimit(depth * 200, std::min(depth * 200, 400), 200);
      player.setNodeLimit(nodes ? nodes : 100000000);
      player.setTableLimit(1 << 20, 0);
      player.setVerbose(0);
      MoveWithComment r = player.searchWithSecondsForThisMove(gs, search::TimeAssigned(milliseconds(600000)));
      int v = gs.state().turn() == BLACK ? r.value : -r.value;  // GPS scores from black's view
      std::ostringstream out;
      out << "info depth " << depth << " nodes " << r.node_count;
      if (std::abs(v) >= eval::ml::OpenMidEndingEval::infty())
        out << " score mate " << (v > 0 ? 1 : -1);
      else
        out << " score cp " << (long long)v * 100 / pawn;
      if (r.move.isNormal())
        std::cout << out.str() << " pv " << usi::show(r.move) << "\nbestmove " << usi::show(r.move) << std::endl;
      else
        std::cout << out.str() << "\nbestmove resign" << std::endl;
    }
    // usinewgame, setoption, stop, gameover: nothing to do
  }
}
