#include "pictures/page_assets.h"

namespace gamerec::pictures {

const std::string_view kPageStyle = R"css(
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 0; background: #f6f4ef; color: #222; }
header { padding: 10px 16px; background: #3b3a36; color: #f6f4ef; display: flex; gap: 16px; align-items: center; flex-wrap: wrap; }
h1 { font-size: 20px; margin: 0; font-weight: normal; }
main { display: flex; flex-wrap: wrap; gap: 20px; padding: 16px; align-items: flex-start; }
#viewer { flex: none; }
#board svg { display: block; max-width: 100%; height: auto; box-shadow: 0 1px 4px rgba(0,0,0,.3); }
#move-line, #status { margin: 6px 0; }
#status { font-weight: bold; }
#keys { font-size: 12px; color: #666; margin: 4px 0; }
nav button { font: inherit; padding: 4px 10px; margin: 2px 4px 2px 0; }
#error { color: #b00020; font-weight: bold; white-space: pre-wrap; max-width: 480px; }
aside { flex: 1; min-width: 260px; max-width: 520px; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 0 0 12px; }
dt { color: #666; }
dd { margin: 0; overflow-wrap: anywhere; }
h2 { font-size: 16px; margin: 8px 0; }
ol { position: relative; list-style: none; padding: 0; margin: 0; max-height: 60vh; overflow-y: auto; border: 1px solid #ddd; background: #fff; }
li { padding: 2px 8px; }
li.current { background: #ffe9a8; }
li a { color: inherit; text-decoration: none; }
li a:hover { text-decoration: underline; }
.swatch { display: inline-block; width: .8em; height: .8em; border: 1px solid #555; margin-right: 6px; vertical-align: middle; }
.comment { display: block; color: #555; font-style: italic; padding-left: 1.6em; white-space: pre-wrap; overflow-wrap: anywhere; }
li.error { color: #b00020; white-space: pre-wrap; }
#all-games { color: #f6f4ef; }
)css";

const std::string_view kIndexStyle = R"css(
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 0; background: #f6f4ef; color: #222; }
header { padding: 10px 16px; background: #3b3a36; color: #f6f4ef; }
h1 { font-size: 20px; margin: 0; font-weight: normal; }
main { padding: 16px; }
table { border-collapse: collapse; background: #fff; }
th, td { padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; overflow-wrap: anywhere; }
th { color: #666; font-weight: normal; }
td:first-child, td:last-child { text-align: right; }
)css";

const std::string_view kPageBody = R"html(<header><a id="all-games" href="index.html" hidden></a><h1 id="title"></h1><label id="game-choice" hidden><span id="game-label"></span> <select id="game"></select></label></header>
<main>
<section id="viewer">
<div id="board" data-move="0"></div>
<p id="move-line"></p>
<p id="status"></p>
<nav><button id="first" type="button"></button><button id="previous" type="button"></button><button id="next" type="button"></button><button id="last" type="button"></button><button id="flip" type="button"></button> <label id="view-choice" hidden><span id="view-label"></span> <select id="view"></select></label></nav>
<p id="keys"></p>
<p id="error" hidden></p>
</section>
<aside><dl id="info"></dl><h2 id="moves-title"></h2><ol id="moves"></ol></aside>
</main>
<noscript><p>This page shows the game with its script.</p></noscript>
)html";

// Hand-written: reads a game's data when the game is shown, draws a
// position from the items the shared tables list for it, and moves
// through the game with the buttons, the keys, the move list and the URL
// fragment (#12: move 12; #2/12: game 2, move 12). Every text of the data
// goes in as text (textContent), never as markup; only the SVG items,
// which gamerec wrote and escaped, are markup.
const std::string_view kPageScript = R"js((function () {
'use strict';
var data = JSON.parse(document.getElementById('gamerec-data').textContent);
var T = data.texts;
var sources = document.querySelectorAll('script.gamerec-game');
var at = { game: 0, view: 0, move: 0 };
var flipped = !!data.flipped;
var groups = [];
var shownGame = null;
function $(id) { return document.getElementById(id); }
function add(parent, tag, content, cls) {
  var node = document.createElement(tag);
  if (content !== undefined && content !== null) node.textContent = content;
  if (cls) node.className = cls;
  parent.appendChild(node);
  return node;
}
// A text with {name} placeholders filled in, taken as they are.
function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, function (all, name) { return values[name] !== undefined ? String(values[name]) : all; });
}
// Whole numbers as gamerec writes them (pictures/page.h, append_compact).
var digits = {};
(function () {
  var last = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef', more = 'ghijklmnopqrstuvwxyz0123456789+/';
  for (var i = 0; i < 32; ++i) { digits[last.charAt(i)] = -1 - i; digits[more.charAt(i)] = i; }
})();
function numbers(text) {
  var out = [], n = 0;
  for (var i = 0; i < text.length; ++i) {
    var d = digits[text.charAt(i)];
    if (d === undefined) continue;
    if (d < 0) { out.push(n * 32 - 1 - d); n = 0; } else { n = n * 32 + d; }
  }
  return out;
}
// Game `index`'s data, read when it is first shown.
function load(index) {
  if (shownGame && shownGame.index === index) return shownGame;
  var g = JSON.parse(sources[index].textContent);
  g.index = index;
  var texts = g.moves ? g.moves.split('\n') : [];
  var sides = numbers(g.sides);
  var paired = g.numbers !== undefined ? numbers(g.numbers) : null;
  var number = 0;
  g.list = texts.map(function (text, i) {
    var m = { text: text, side: sides[i], name: g.names[sides[i]] || '', comments: [] };
    if (paired) {
      var v = paired[i], z = Math.floor(v / 2);
      number += z % 2 ? -(z + 1) / 2 : z / 2;
      m.number = number;
      m.label = number + (v % 2 ? '...' : '.') + ' ' + text;
      m.line = fill(T.numbered, { move: m.label, side: m.name });
    } else {
      m.number = i + 1;
      m.label = m.number + '. ' + text;
      m.line = fill(T.move, { number: m.number, move: text, side: m.name });
    }
    return m;
  });
  g.before = [];
  (g.notes || []).forEach(function (note) {
    if (note[0] === 0) g.before = note[1]; else g.list[note[0] - 1].comments = note[1];
  });
  g.status = numbers(g.status).map(function (s) { return data.statuses[s]; });
  g.views.forEach(function (v) { v.frames = v.frames.split('.').slice(0, -1); });
  g.error = g.error || '';
  shownGame = g;
  return g;
}
function game() { return load(at.game); }
function view() { return game().views[at.view]; }
function board() { return data.boards[view().board]; }
function fragment(move) { return sources.length > 1 ? (at.game + 1) + '/' + move : String(move); }
// The items of each position, from the changes, once per view.
function shown(v, move) {
  if (!v.sets) {
    v.sets = [];
    var current = new Set();
    v.frames.forEach(function (changes) {
      numbers(changes).forEach(function (c) { if (current.has(c)) current.delete(c); else current.add(c); });
      v.sets.push(Array.from(current));
    });
  }
  return v.sets[Math.min(move, v.sets.length - 1)] || [];
}
// Labels and glyphs stay upright when their panel turns.
function upright(group) {
  group.querySelectorAll('text,use').forEach(function (e) {
    var x = +e.getAttribute('x'), y = +e.getAttribute('y');
    if (e.tagName === 'use') { x += e.getAttribute('width') / 2; y += e.getAttribute('height') / 2; }
    e.setAttribute('transform', 'rotate(180 ' + x + ' ' + y + ')');
  });
}
function buildBoard() {
  var b = board(), width = data.size, height = Math.round(data.size * b.h / b.w);
  var svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ' + b.w + ' ' + b.h + '" width="' + width +
      '" height="' + height + '" font-family="' + data.font + '"><defs>' + b.defs + '</defs>' + b.head;
  b.panels.forEach(function () { svg += '<g class="panel"></g>'; });
  $('board').innerHTML = svg + '</svg>';
  $('viewer').style.maxWidth = Math.max(width, 320) + 'px';
  groups = Array.prototype.slice.call($('board').querySelectorAll('g.panel'));
}
function drawBoard() {
  var v = view(), b = board(), items = data.items;
  var ids = shown(v, at.move).slice().sort(function (x, y) { return items[x][1] - items[y][1] || x - y; });
  var parts = groups.map(function () { return []; });
  ids.forEach(function (i) { parts[items[i][0]].push(items[i][2]); });
  groups.forEach(function (group, p) {
    group.innerHTML = parts[p].join('');
    if (flipped) {
      group.setAttribute('transform', 'rotate(180 ' + b.panels[p][0] + ' ' + b.panels[p][1] + ')');
      upright(group);
    } else {
      group.removeAttribute('transform');
    }
  });
}
function buildGame() {
  var g = game();
  $('title').textContent = g.title;
  document.title = g.title;
  var info = $('info');
  info.textContent = '';
  g.info.forEach(function (row) { add(info, 'dt', row[0]); add(info, 'dd', row[1]); });
  var list = $('moves');
  list.textContent = '';
  var start = add(list, 'li');
  link(start, 0, T.start);
  g.before.forEach(function (c) { add(start, 'span', c, 'comment'); });
  var colours = data.boards[g.views[0].board].colours || [];
  g.list.forEach(function (m, i) {
    var item = add(list, 'li');
    var swatch = add(item, 'span', null, 'swatch side-' + m.side);
    swatch.title = m.name;
    if (colours[m.side]) swatch.style.background = colours[m.side];
    link(item, i + 1, m.label).title = m.name;
    m.comments.forEach(function (c) { add(item, 'span', c, 'comment'); });
  });
  if (g.error) add(list, 'li', g.error, 'error');
  var error = $('error');
  error.textContent = g.error;
  error.hidden = !g.error;
  var views = $('view');
  views.textContent = '';
  g.views.forEach(function (v, i) { add(views, 'option', v.name).value = i; });
  $('view-choice').hidden = g.views.length < 2;
  at.view = Math.min(at.view, g.views.length - 1);
  views.value = at.view;
  buildBoard();
}
function link(parent, move, label) {
  var a = add(parent, 'a', label);
  a.href = '#' + fragment(move);
  a.dataset.move = move;
  return a;
}
function go(move) {
  var g = game();
  at.move = Math.max(0, Math.min(g.list.length, move | 0));
  drawBoard();
  var board = $('board');
  board.dataset.move = at.move;
  board.dataset.game = at.game + 1;
  board.dataset.view = at.view;
  var m = g.list[at.move - 1];
  $('move-line').textContent = m ? m.line : T.start;
  $('status').textContent = g.status[Math.min(at.move, g.status.length - 1)] || '';
  var items = $('moves').children;
  for (var i = 0; i < items.length; ++i) items[i].classList.toggle('current', i === at.move);
  scrollList(items[at.move]);
  var hash = '#' + fragment(at.move);
  if (location.hash !== hash) {
    try { history.replaceState(null, '', hash); } catch (e) { location.replace(hash); }
  }
}
// The current move in view in the list, without scrolling the page.
function scrollList(item) {
  var list = $('moves');
  if (!item) return;
  if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
  else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight)
    list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
}
function chooseGame(index) {
  at.game = Math.max(0, Math.min(sources.length - 1, index));
  $('game').value = at.game;
  buildGame();
}
function fromHash() {
  var found = /^#(?:(\d+)\/)?(\d+)$/.exec(location.hash);
  if (!found) return false;
  if (found[1] && +found[1] - 1 !== at.game) chooseGame(+found[1] - 1);
  go(+found[2]);
  return true;
}
function flip() { flipped = !flipped; drawBoard(); }
$('first').textContent = T.first;
$('previous').textContent = T.previous;
$('next').textContent = T.next;
$('last').textContent = T.last;
$('flip').textContent = T.flip;
$('game-label').textContent = T.game;
$('view-label').textContent = T.view;
$('moves-title').textContent = T.moves;
$('keys').textContent = T.keys;
if (T.all) { $('all-games').textContent = T.all; $('all-games').hidden = false; }
$('first').onclick = function () { go(0); };
$('previous').onclick = function () { go(at.move - 1); };
$('next').onclick = function () { go(at.move + 1); };
$('last').onclick = function () { go(game().list.length); };
$('flip').onclick = flip;
var games = $('game');
if (sources.length > 1) {
  var options = document.createDocumentFragment();
  data.titles.forEach(function (title, i) { add(options, 'option', (i + 1) + '. ' + title).value = i; });
  games.appendChild(options);
}
$('game-choice').hidden = sources.length < 2;
games.onchange = function () { chooseGame(+games.value); go(0); };
$('view').onchange = function () { at.view = +$('view').value; buildBoard(); go(at.move); };
document.addEventListener('keydown', function (e) {
  if (e.altKey || e.ctrlKey || e.metaKey || (e.target && e.target.tagName === 'SELECT')) return;
  switch (e.key) {
    case 'ArrowRight': go(at.move + 1); break;
    case 'ArrowLeft': go(at.move - 1); break;
    case 'Home': go(0); break;
    case 'End': go(game().list.length); break;
    case 'f': flip(); break;
    default: return;
  }
  e.preventDefault();
});
window.addEventListener('hashchange', fromHash);
chooseGame(0);
if (!fromHash()) go(0);
document.body.dataset.ready = 'true';
})();
)js";

}  // namespace gamerec::pictures
