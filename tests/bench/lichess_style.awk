# Rewrites a PGN archive as Lichess exports its games (planning_bench.sh):
# each game's movetext on one line, every move followed by a comment
#   { [%eval E] [%clk H:MM:SS] }
# and each Black move numbered "N..." after it. The evaluations and clocks
# are made up (they vary from move to move); the moves and tags are the
# input's.
#   awk -f tests/bench/lichess_style.awk games.pgn > lichess-style.pgn
function flush(   n, i, t, out, ply, sec, ev) {
  if (moves == "") return
  n = split(moves, tok, " ")
  out = ""; ply = 0
  for (i = 1; i <= n; i++) {
    t = tok[i]
    if (t ~ /^[0-9]+\.$/) continue
    if (t == "1-0" || t == "0-1" || t == "1/2-1/2" || t == "*") { out = out t; break }
    ply++
    sec = 600 - int(ply / 2) * 3
    if (sec < 0) sec = 0
    ev = ((ply * 37) % 200 - 100) / 100
    if (ply % 2 == 1) out = out int((ply + 1) / 2) ". "
    else out = out int(ply / 2) "... "
    out = out t sprintf(" { [%%eval %.2f] [%%clk 0:%02d:%02d] } ", ev, int(sec / 60), sec % 60)
  }
  print out
  print ""
  moves = ""
}
/^\[/ { if (moves != "") flush(); print; in_tags = 1; next }
/^[[:space:]]*$/ { if (moves != "") flush(); else if (in_tags) print ""; in_tags = 0; next }
{ moves = moves " " $0 }
END { flush() }
