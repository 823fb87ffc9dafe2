// Generates the chess cross-check corpus (tests/data/chess/xcheck/): random
// games and corrupted games, each with chess.js's verdict, for
// tests/unit/chess_xcheck_test.cpp to compare with gamerec's, game by game.
//
// Needs node and chess.js (npm); not run in CI. chess.js is found from the
// current directory, so run it from a scratch directory outside the
// repository:
//
//   mkdir /tmp/xcheck && cd /tmp/xcheck && npm install chess.js@1.4.0
//   node REPO/tests/tools/chess_xcheck_gen.mjs REPO/tests/data/chess/xcheck
//
// The output is the same for the same chess.js (the seed is fixed).
//
// games.pgn      the games, one PGN game each, result "*" (no declared result)
// games.expected one line per game, in order:
//                  INDEX ok END FEN        every move legal; END is the
//                                          position's verdict, FEN the final
//                                          position as chess.js writes it
//                  INDEX bad PLY           ply PLY (1-based) is the first
//                                          move chess.js refuses
//
// END is chess.js's own verdict where it has one, in gamerec's order:
// checkmate, stalemate, insufficient-material (isInsufficientMaterial),
// then fivefold and seventy-five-moves (FIDE 9.6, from chess.js's own
// position count and half-move clock: chess.js has no such rule), then the
// claimable threefold (isThreefoldRepetition) and fifty-moves
// (isDrawByFiftyMoves), else none. A game that ends stops there; a
// corruption may add a move after the end (refused: the game is over).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(process.cwd() + '/');
const { Chess } = require('chess.js');

const outDir = process.argv[2] ?? '.';
const kGames = 400;

// mulberry32: small, seeded, the same on every machine.
let seed = 20261201;
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;

// Start positions, each with a theme the random play exercises.
const kStarts = [
  { theme: 'start', fen: null, weight: 8, plies: 160 },
  // Both sides may castle on both wings; bishops and knights attack the paths.
  { theme: 'castling', fen: 'r3k2r/pppq1ppp/2n1bn2/2bpp3/2BPP3/2NQBN2/PPP2PPP/R3K2R w KQkq - 0 1', weight: 3, plies: 60 },
  { theme: 'castling', fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', weight: 3, plies: 60 },
  // En passant with the capturing pawn pinned along the rank, and free ones.
  { theme: 'ep-pin', fen: '8/8/8/K1pP3r/8/8/8/4k3 w - c6 0 2', weight: 3, plies: 80 },
  { theme: 'ep-pin', fen: '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1', weight: 3, plies: 80 },
  { theme: 'ep-pin', fen: '8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1', weight: 2, plies: 80 },
  // Promotions, with and without capture, both colours.
  { theme: 'promotion', fen: 'n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1', weight: 3, plies: 60 },
  { theme: 'promotion', fen: '1r2k3/P1P5/8/8/8/8/5p1p/4K1R1 w - - 0 1', weight: 2, plies: 60 },
  // Two knights, two rooks on one file: SAN needs the file or the rank.
  { theme: 'ambiguity', fen: 'r3k2r/8/8/R2N1N2/8/8/8/R3K3 w - - 0 1', weight: 3, plies: 40 },
  { theme: 'ambiguity', fen: '4k3/1n3n2/8/8/8/8/2Q3Q1/4K3 b - - 0 1', weight: 2, plies: 40 },
  // Endgames that end by the draw rules or mate.
  { theme: 'endgame', fen: '8/8/4k3/8/8/3RK3/8/8 w - - 0 1', weight: 2, plies: 220 },
  { theme: 'endgame', fen: '8/8/4k3/8/2n5/3NK3/8/8 w - - 0 1', weight: 1, plies: 220 },
  { theme: 'endgame', fen: '8/8/4k3/8/2b5/4K3/3B4/8 w - - 0 1', weight: 1, plies: 220 },
  { theme: 'endgame', fen: '7k/8/5K2/8/8/8/8/Q7 w - - 0 1', weight: 4, plies: 120 },
  { theme: 'endgame', fen: '6k1/5ppp/8/8/8/8/5PPP/R2Q2K1 w - - 0 1', weight: 3, plies: 80 },
  { theme: 'endgame', fen: '2k5/8/8/8/8/8/8/RR2K3 w - - 0 1', weight: 2, plies: 60 },
  { theme: 'endgame', fen: '8/8/8/4k3/8/8/8/R3K2R w KQ - 95 80', weight: 2, plies: 80 },
  { theme: 'endgame', fen: '6k1/8/8/8/8/8/8/QR2K3 w - - 140 100', weight: 2, plies: 16 },
  { theme: 'endgame', fen: '8/8/8/4k3/8/8/1p6/4K2R w K - 90 80', weight: 2, plies: 80 },
];
const kWeights = kStarts.reduce((sum, s) => sum + s.weight, 0);
function pickStart() {
  let r = random() * kWeights;
  for (const s of kStarts) {
    if ((r -= s.weight) < 0) return s;
  }
  return kStarts[0];
}

const kFivefold = 5;
const kSeventyFive = 150;

function positionCount(chess) {
  return chess._getPositionCount(chess._hash);
}
function halfMoves(chess) {
  return Number(chess.fen().split(' ')[4]);
}

// The game's end (it stops), or null while it goes on.
function ending(chess) {
  if (chess.isCheckmate()) return 'checkmate';
  if (chess.isStalemate()) return 'stalemate';
  if (chess.isInsufficientMaterial()) return 'insufficient-material';
  if (positionCount(chess) >= kFivefold) return 'fivefold';
  if (halfMoves(chess) >= kSeventyFive) return 'seventy-five-moves';
  return null;
}
function claimable(chess) {
  if (chess.isThreefoldRepetition()) return 'threefold';
  if (chess.isDrawByFiftyMoves()) return 'fifty-moves';
  return 'none';
}

const coordinate = (m) => m.from + m.to + (m.promotion ?? '');

// A legal move's text as a record may write it.
function writeLegal(move) {
  if (chance(0.25)) return coordinate(move);
  let text = move.san;
  if (chance(0.1)) text = text.replace(/[+#]$/, '');
  if (chance(0.05)) text += pick(['!', '?', '!?', '?!']);
  if (text.startsWith('O-O') && chance(0.3)) text = text.replaceAll('O', '0');
  return text;
}

// Whether chess.js takes `text` here (and plays it when it does).
function accepts(chess, text) {
  try {
    const coord = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(text);
    if (coord) {
      // chess.js makes a promotion without a piece a queen; a record may not.
      const legal = chess.moves({ verbose: true }).find(
        (m) => m.from === coord[1] && m.to === coord[2] && (m.promotion ?? '') === (coord[3] ?? ''));
      if (!legal) return false;
      chess.move({ from: coord[1], to: coord[2], promotion: coord[3] });
      return true;
    }
    chess.move(text);
    return true;
  } catch {
    return false;
  }
}

const kSquares = [];
for (const f of 'abcdefgh') for (const r of '12345678') kSquares.push(f + r);

// Candidate bad moves for the position, by kind; each is checked with
// chess.js before it is used.
function corruptions(chess) {
  const legal = chess.moves({ verbose: true });
  const legalCoords = new Set(legal.map(coordinate));
  const board = chess.board().flat().filter(Boolean);
  const us = chess.turn();
  const out = [];
  const add = (kind, text) => out.push({ kind, text });

  // A piece of ours to a square it cannot reach (not a pawn to the last rank).
  const own = board.filter((p) => p.color === us);
  for (let i = 0; i < 4 && own.length; ++i) {
    const p = pick(own);
    const to = pick(kSquares);
    const lastRank = p.type === 'p' && (to[1] === '8' || to[1] === '1');
    if (to !== p.square && !lastRank && !legalCoords.has(p.square + to)) add('unreachable', p.square + to);
  }
  // A move from an empty square, or of the opponent's piece.
  const occupied = new Set(board.map((p) => p.square));
  const empty = kSquares.filter((s) => !occupied.has(s));
  if (empty.length) add('empty-square', pick(empty) + pick(kSquares));
  const theirs = board.filter((p) => p.color !== us && p.type !== 'p');
  if (theirs.length) {
    const p = pick(theirs);
    add('not-your-turn', p.square + pick(kSquares));
  }
  // Pseudo-legal moves that leave the own king in check (pins, king moves
  // into check, en passant along a pinned rank).
  // (chess.js's own pseudo-legal generator, squares in its 0x88 numbering)
  const name = (square) => 'abcdefgh'[square & 15] + '87654321'[square >> 4];
  for (const m of chess._moves({ legal: false })) {
    const text = name(m.from) + name(m.to) + (m.promotion ?? '');
    if (legalCoords.has(text)) continue;
    const ep = (m.flags & 8) !== 0;  // BITS.EP_CAPTURE
    add(ep ? 'ep-pin' : 'king-in-check', text);
    if (ep) add('ep-pin', name(m.from)[0] + 'x' + name(m.to));
  }
  // SAN: a piece letter with a destination no such piece reaches.
  for (const m of legal) {
    if (!'NBRQK'.includes(m.san[0])) continue;
    const to = pick(kSquares);
    const text = m.san[0] + to;
    add('wrong-san', text);
    break;
  }
  // SAN that needs its disambiguation, written without it or with a wrong one.
  for (const m of legal) {
    const match = /^([NBRQK])([a-h]?[1-8]?)(x?)([a-h][1-8])(.*)$/.exec(m.san);
    if (!match || match[2] === '') continue;
    add('ambiguous', match[1] + match[3] + match[4] + match[5]);
    const wrong = match[2].length === 1 && /[a-h]/.test(match[2])
      ? pick('abcdefgh'.replace(match[2], '').split(''))
      : pick('12345678'.replace(match[2].slice(-1), '').split(''));
    add('bad-disambiguation', match[1] + wrong + match[3] + match[4]);
  }
  // Castling that the rules refuse here (in, through or into check, a
  // piece between, the right lost).
  const king = board.find((p) => p.color === us && p.type === 'k');
  if (king && (king.square === 'e1' || king.square === 'e8')) {
    const rank = king.square[1];
    for (const [san, to] of [['O-O', 'g'], ['O-O-O', 'c']]) {
      if (!legal.some((m) => m.san.startsWith(san) && m.san.length - san.length <= 1 && m.san[san.length] !== '-')) {
        add('castling', chance(0.5) ? san : king.square + to + rank);
      }
    }
  }
  // Promotions written wrong: no piece, a king, a pawn's move that is no
  // promotion written as one.
  for (const m of legal) {
    if (!m.promotion) {
      if (m.piece === 'p' && chance(0.2)) add('promotion', m.san.replace(/[+#]$/, '') + '=Q');
      continue;
    }
    add('promotion', m.san.replace(/=.*/, ''));
    add('promotion', m.san.replace(/=./, '=K'));
    add('promotion', m.from + m.to + 'k');
    break;
  }
  return out;
}

// Themes' favourite corruptions, when the position has one.
const kFavourite = {
  castling: ['castling'],
  'ep-pin': ['ep-pin'],
  promotion: ['promotion'],
  ambiguity: ['ambiguous', 'bad-disambiguation'],
};

function playGame(index) {
  const start = pickStart();
  const chess = start.fen ? new Chess(start.fen) : new Chess();
  const texts = [];
  const corrupt = chance(kFavourite[start.theme] ? 0.8 : 0.4);
  const shuffle = start.theme === 'start' && chance(0.2);
  let verdict = null;
  let kind = 'none';
  let plies = 0;
  const maxPlies = Math.floor(start.plies * (0.3 + 0.7 * random()));
  // A theme's own corruption is mostly there at once (an en passant pin
  // lasts one ply).
  const early = kFavourite[start.theme] && chance(0.6);
  const corruptAt = corrupt ? Math.floor(random() * (early ? 3 : Math.max(maxPlies, 1))) : -1;
  // Back and forth with knights: repetitions (three, then five).
  let shuffleFrom = shuffle ? Math.floor(random() * 20) : -1;
  const shuffleMoves = [];
  const shuffleLength = 8 + Math.floor(random() * 13);

  while (true) {
    const end = ending(chess);
    if (end) {
      if (corrupt && chance(0.5)) {
        // A move after the end: refused (the game is over).
        const moves = chess.moves({ verbose: true, legal: false });
        texts.push(moves.length ? coordinate(pick(moves)) : 'e2e4');
        verdict = `bad ${plies + 1}`;
        kind = 'after-end';
      } else {
        verdict = `ok ${end} ${chess.fen()}`;
      }
      break;
    }
    if (plies >= maxPlies && corruptAt < 0) {
      // Stop unfinished, sometimes right after a claim became possible.
      verdict = `ok ${claimable(chess)} ${chess.fen()}`;
      break;
    }
    const legal = chess.moves({ verbose: true });
    if (plies >= corruptAt && corruptAt >= 0) {
      const candidates = corruptions(chess);
      const favourite = candidates.filter((c) => (kFavourite[start.theme] ?? []).includes(c.kind));
      const chosen = favourite.length && chance(0.7) ? pick(favourite) : candidates.length ? pick(candidates) : null;
      if (chosen) {
        const probe = new Chess(chess.fen());
        // The same position with its history: a fresh board cannot know
        // repetitions, but a refused move does not depend on them.
        if (!accepts(probe, chosen.text)) {
          texts.push(chosen.text);
          verdict = `bad ${plies + 1}`;
          kind = chosen.kind;
          // A few moves after the bad one: never looked at.
          for (let i = 0; i < 3; ++i) texts.push(writeLegal(pick(legal)));
          break;
        }
      }
    }
    let move;
    if (shuffle && plies >= shuffleFrom && shuffleFrom >= 0) {
      // Knight out (plies 0, 1 of the cycle: one of each side's), back (2,
      // 3), out again (4, 5), ...: the positions repeat, three times, five.
      const cycle = plies - shuffleFrom;
      if (cycle < 2) {
        const knights = legal.filter((m) => m.piece === 'n' && !m.captured);
        move = knights.length ? pick(knights) : null;
        if (move) shuffleMoves.push(move);
      } else {
        const out = shuffleMoves[cycle % 2];
        const [from, to] = Math.floor(cycle / 2) % 2 === 0 ? [out.from, out.to] : [out.to, out.from];
        move = legal.find((m) => m.from === from && m.to === to);
      }
      if (!move || cycle >= shuffleLength) {
        shuffleFrom = -1;
        // Stop here now and then: a threefold claim, or a fivefold end.
        if (move && chance(0.6)) {
          verdict = `ok ${ending(chess) ?? claimable(chess)} ${chess.fen()}`;
          break;
        }
        move = move ?? pick(legal);
      }
    } else {
      // Captures and checks a little more often than the rest: games end.
      // In the endgames, checks most: mates and stalemates.
      const sharp = legal.filter((m) => m.captured || m.san.includes('+'));
      move = sharp.length && chance(start.theme === 'endgame' ? 0.6 : 0.3) ? pick(sharp) : pick(legal);
    }
    texts.push(writeLegal(move));
    chess.move(move.san);
    ++plies;
  }

  let pgn = `[Event "xcheck ${index} ${start.theme} ${kind}"]\n`;
  if (start.fen) pgn += `[SetUp "1"]\n[FEN "${start.fen}"]\n`;
  pgn += '\n';
  const startFen = start.fen ?? new Chess().fen();
  const blackFirst = startFen.split(' ')[1] === 'b';
  let number = Number(startFen.split(' ')[5]);
  let line = '';
  texts.forEach((text, i) => {
    const white = (i % 2 === 0) !== blackFirst;
    if (white) line += `${number}. `;
    else if (i === 0) line += `${number}... `;
    line += text + ' ';
    if (!white) ++number;
  });
  line += '*';
  // Lines of at most about 80 characters, as PGN exports write them.
  const words = line.split(' ');
  let wrapped = '';
  let current = '';
  for (const word of words) {
    if (current.length + word.length + 1 > 80) {
      wrapped += current.trimEnd() + '\n';
      current = '';
    }
    current += word + ' ';
  }
  wrapped += current.trimEnd() + '\n';
  return { pgn: pgn + wrapped + '\n', expected: `${index} ${verdict}` };
}

const pgns = [];
const expected = [];
for (let i = 1; i <= kGames; ++i) {
  const game = playGame(i);
  pgns.push(game.pgn);
  expected.push(game.expected);
}
writeFileSync(join(outDir, 'games.pgn'), pgns.join(''));
writeFileSync(join(outDir, 'games.expected'), expected.join('\n') + '\n');
