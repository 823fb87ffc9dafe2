// The replay pages (gamerec(1), PICTURES AND PAGES) in a real browser:
// Debian's Chromium, headless, driven by puppeteer-core. For each game a
// sample's page is opened from disk, moved through with the keys, the
// buttons, a click on a move and the URL fragment, and after each step the
// move number the page shows and the cells of its board are compared with
// `gamerec replay --to N --format svg`; screenshots of the start, a middle
// and the end are compared with the reference PNGs beside this file (a
// small tolerance); no request may leave the page. Then: a multi-game
// PGN's selector, battleship's views, a page of one side's view, a folder
// of pages, an invalid record's error, and a record that tries to inject
// markup and script. Each page numbers its moves as replay does.
//
//   node pages_test.cjs --gamerec BIN --source SRC_DIR --modules NODE_MODULES_PARENT
//                       --work TMP_DIR [--update-references]
//
// --update-references writes the screenshots as the new reference PNGs
// (review them before committing). Exit status: 0 all passed, 1 a check
// failed, 77 no Chromium or puppeteer-core (bash .ci/setup installs both).
'use strict';
const fs = require('fs');
const path = require('path');
const lib = require('./browser_lib.cjs');

const args = lib.options(process.argv.slice(2));
const source = path.resolve(args.source);
const work = path.resolve(args.work);
const binary = path.resolve(args.gamerec);
const referenceDir = path.join(source, 'tests', 'browser', 'reference');
// A screenshot may differ from its reference in this share of its pixels
// (a channel off by more than kChannelSlack), for antialiasing.
const kPixelShare = 0.005;
const kChannelSlack = 24;

let passed = 0;
let failed = 0;
function check(ok, what, detail) {
  if (ok) {
    ++passed;
  } else {
    ++failed;
    console.log('FAILED: ' + what + (detail !== undefined ? '\n  ' + detail : ''));
  }
  return ok;
}
function sameLines(actual, expected, what) {
  const a = actual.join('\n');
  const e = expected.join('\n');
  if (a === e) return check(true, what);
  const missing = expected.filter((l) => !actual.includes(l)).slice(0, 5);
  const extra = actual.filter((l) => !expected.includes(l)).slice(0, 5);
  return check(false, what, 'missing: ' + JSON.stringify(missing) + '\n  extra: ' + JSON.stringify(extra));
}

function run(argv) { return lib.gamerec(binary, argv, source); }

// The cells replay draws for move `n` (and `extra` options).
function expectedCells(record, n, extra = []) {
  const svg = run(['replay', '--to', String(n), '--format', 'svg', ...extra, record]);
  // An invalid record's good moves are drawn too, with its status 1.
  if (svg.status !== 0 && !(svg.status === 1 && svg.out.startsWith('<svg'))) throw new Error('replay --to ' + n + ' ' + record + ': ' + svg.err);
  return lib.svgCells(svg.out);
}

async function shownMove(page) { return page.$eval('#board', (b) => +b.dataset.move); }

// The page shows move `n`: its number, the board's cells and the line
// under the board.
async function expectMove(page, record, n, how, extra = []) {
  // A click on a move link goes there through the address (hashchange),
  // which the page handles after the click returns: waited for, up to a
  // few seconds, before looking.
  await page.waitForFunction((want) => +document.getElementById('board').dataset.move === want, { timeout: 5000 }, n)
    .catch(() => {});
  check(await shownMove(page) === n, `${record}: ${how} shows move ${n}`, 'shown: ' + (await shownMove(page)));
  sameLines(await lib.pageCells(page), expectedCells(record, n, extra), `${record}: ${how}: the board at move ${n}`);
}

// The moves as replay's text numbers them ("Move 3: 8E-8H (Red)"; chess
// "9. Bg5 (White)", "9... Qe7 (Black)"): the list shows each without its
// side, "3. 8E-8H" or "9. Bg5", and the line under the board the whole of
// it. Checked at every move but for long games, where the first 12 and
// the last are.
async function sameMoveLines(page, record, moves, extra = []) {
  const text = run(['replay', ...extra, record]).out;
  const lines = text.match(/^(Move \d+: .*|\d+\.(\.\.)? .*)$/gm) || [];
  check(lines.length === moves, `${record}: replay prints a line per move`, `${lines.length} lines for ${moves} moves`);
  const labels = await page.$$eval('#moves li a', (links) => links.slice(1).map((a) => a.textContent));
  const expected = lines.map((l) => l.replace(/^Move (\d+): /, '$1. ').replace(/ \([^()]*\)$/, ''));
  check(JSON.stringify(labels) === JSON.stringify(expected), `${record}: the list numbers the moves as replay does`,
        JSON.stringify(labels.slice(0, 6)) + ' against ' + JSON.stringify(expected.slice(0, 6)));
  for (let n = 1; n <= moves; ++n) {
    if (n > 12 && n !== moves) continue;
    await page.evaluate((i) => { location.hash = '#' + i; }, n);
    await page.waitForFunction((i) => document.getElementById('board').dataset.move === String(i), {}, n);
    const line = await page.$eval('#move-line', (p) => p.textContent);
    if (!check(line === lines[n - 1], `${record}: the line under move ${n} is replay's`, `${line} against ${lines[n - 1]}`)) break;
  }
  await page.evaluate(() => { location.hash = '#0'; });
  await page.waitForFunction(() => document.getElementById('board').dataset.move === '0');
}

// Compares `png` (a Buffer) with the reference of that name, in a blank
// tab: both drawn on canvases, the differing pixels counted.
async function compareScreenshot(browser, name, png) {
  const reference = path.join(referenceDir, name + '.png');
  if (args['update-references']) {
    fs.mkdirSync(referenceDir, { recursive: true });
    fs.writeFileSync(reference, png);
    return;
  }
  if (!check(fs.existsSync(reference), `reference ${name}.png exists`)) return;
  const blank = await browser.newPage();
  const result = await blank.evaluate(async (a, b, slack) => {
    const load = (data) => new Promise((resolve, reject) => {
      const image = new Image();
      image.onload = () => resolve(image);
      image.onerror = reject;
      image.src = 'data:image/png;base64,' + data;
    });
    const [one, two] = [await load(a), await load(b)];
    if (one.width !== two.width || one.height !== two.height)
      return { size: `${one.width}x${one.height} against ${two.width}x${two.height}` };
    const pixels = (image) => {
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      return context.getImageData(0, 0, image.width, image.height).data;
    };
    const [p, q] = [pixels(one), pixels(two)];
    let differ = 0;
    for (let i = 0; i < p.length; i += 4) {
      if (Math.abs(p[i] - q[i]) > slack || Math.abs(p[i + 1] - q[i + 1]) > slack || Math.abs(p[i + 2] - q[i + 2]) > slack)
        ++differ;
    }
    return { share: differ / (p.length / 4) };
  }, png.toString('base64'), fs.readFileSync(reference).toString('base64'), kChannelSlack);
  await blank.close();
  if (result.size) {
    check(false, `screenshot ${name} has the reference's size`, result.size);
  } else {
    check(result.share <= kPixelShare, `screenshot ${name} matches its reference`,
          `${(result.share * 100).toFixed(2)}% of the pixels differ; the new one is ${name}.new.png in ${work}`);
    if (result.share > kPixelShare) fs.writeFileSync(path.join(work, name + '.new.png'), png);
  }
}

async function press(page, key) { await page.keyboard.press(key); }
async function click(page, selector) { await page.click(selector); }

// One game's page, moved through every way the page offers.
async function walkGame(browser, game, record) {
  const file = path.join(work, game + '.html');
  fs.rmSync(file, { force: true });
  const converted = run(['convert', record, file]);
  check(converted.status === 0, `${record}: convert to .html`, converted.err);
  // The same page to standard output.
  const printed = run(['replay', '--format', 'html', record]);
  check(printed.status === 0 && printed.out === fs.readFileSync(file, 'utf8'),
        `${record}: replay --format html prints the page convert writes`);

  const { page, blocked, errors } = await lib.openPage(browser, file);
  const moves = await page.$$eval('#moves li a', (links) => links.length - 1);
  check(moves >= 5, `${record}: the move list holds the moves`, moves);
  await sameMoveLines(page, record, moves);
  await expectMove(page, record, 0, 'opening the page');
  const board = await page.$('#board');
  await compareScreenshot(browser, game + '-start', await board.screenshot());

  await press(page, 'End');
  await expectMove(page, record, moves, 'End');
  await compareScreenshot(browser, game + '-end', await board.screenshot());
  await press(page, 'Home');
  await expectMove(page, record, 0, 'Home');
  for (let i = 0; i < 3; ++i) await press(page, 'ArrowRight');
  await expectMove(page, record, 3, 'three Right arrows');
  await press(page, 'ArrowLeft');
  await expectMove(page, record, 2, 'then Left');
  await press(page, 'ArrowLeft');
  await press(page, 'ArrowLeft');
  await press(page, 'ArrowLeft');  // no further than the start
  await expectMove(page, record, 0, 'Left past the start');

  const middle = Math.floor(moves / 2);
  await click(page, `#moves a[data-move="${middle}"]`);
  await expectMove(page, record, middle, 'a click on the move');
  check(await page.$eval('#moves li.current a', (a) => +a.dataset.move) === middle,
        `${record}: the clicked move is marked in the list`);
  check(await page.evaluate(() => location.hash) === '#' + middle, `${record}: the address names the move shown`);
  await compareScreenshot(browser, game + '-middle', await board.screenshot());
  await click(page, '#next');
  await expectMove(page, record, middle + 1, 'the Next button');
  await click(page, '#previous');
  await click(page, '#previous');
  await expectMove(page, record, middle - 1, 'the Back button twice');
  await click(page, '#last');
  await expectMove(page, record, moves, 'the Last button');
  await press(page, 'ArrowRight');  // no further than the end
  await expectMove(page, record, moves, 'Right past the end');
  await click(page, '#first');
  await expectMove(page, record, 0, 'the First button');

  // Flipped: every panel turned, the same cells.
  await click(page, '#flip');
  await expectMove(page, record, 0, 'the Flip button');
  const turned = await page.$$eval('#board g.panel', (groups) =>
    groups.every((g) => /^rotate\(180 /.test(g.getAttribute('transform') || '')));
  check(turned, `${record}: Flip turns every panel`);
  await press(page, 'f');
  check(await page.$$eval('#board g.panel', (groups) => groups.every((g) => !g.getAttribute('transform'))),
        `${record}: F turns the board back`);
  await page.close();

  // #N opens at move N; a page written with --flip opens flipped.
  const at = Math.min(4, moves);
  const opened = await lib.openPage(browser, file, '#' + at);
  await expectMove(opened.page, record, at, `the fragment #${at}`);
  await opened.page.evaluate(() => { location.hash = '#1'; });
  await opened.page.waitForFunction(() => document.getElementById('board').dataset.move === '1');
  await expectMove(opened.page, record, 1, 'a new fragment #1');
  await opened.page.close();
  const flippedFile = path.join(work, game + '-flipped.html');
  fs.rmSync(flippedFile, { force: true });
  run(['convert', '--flip', '--size', '300', record, flippedFile]);
  const flipped = await lib.openPage(browser, flippedFile);
  check(await flipped.page.$eval('#board svg', (s) => s.getAttribute('width')) === '300',
        `${record}: --size sets the board's width`);
  check(await flipped.page.$$eval('#board g.panel', (gs) => gs.every((g) => /^rotate\(180 /.test(g.getAttribute('transform')))),
        `${record}: --flip opens flipped`);
  await flipped.page.close();

  check(blocked.length === 0 && opened.blocked.length === 0, `${record}: no request leaves the page`,
        JSON.stringify(blocked.concat(opened.blocked)));
  check(errors.length === 0 && opened.errors.length === 0, `${record}: no script error`,
        JSON.stringify(errors.concat(opened.errors)));
}

// A PGN of several games: one page with a selector, #G/N fragments.
async function multiGame(browser) {
  const record = 'samples/chess/valid/few-games.pgn';
  const file = path.join(work, 'few-games.html');
  fs.rmSync(file, { force: true });
  check(run(['convert', record, file]).status === 0, 'convert a PGN of several games to one page');
  const { page, blocked, errors } = await lib.openPage(browser, file);
  const games = await page.$$eval('#game option', (options) => options.length);
  check(games >= 2 && await page.$eval('#game-choice', (l) => !l.hidden), 'the page offers each game of the PGN', games);
  await page.select('#game', '1');
  check(await page.$eval('#board', (b) => b.dataset.game) === '2', 'the selector shows game 2');
  await press(page, 'ArrowRight');
  await press(page, 'ArrowRight');
  await expectMove(page, record, 2, 'game 2, two moves on', ['--game-index', '2']);
  check(await page.evaluate(() => location.hash) === '#2/2', 'the address names game 2, move 2');
  await page.close();
  const opened = await lib.openPage(browser, file, '#2/3');
  await expectMove(opened.page, record, 3, 'the fragment #2/3', ['--game-index', '2']);
  await opened.page.close();
  // --game-index: one game, no selector.
  const one = path.join(work, 'few-games-2.html');
  fs.rmSync(one, { force: true });
  check(run(['convert', '--game-index', '2', record, one]).status === 0, 'convert --game-index 2 to a page');
  const single = await lib.openPage(browser, one);
  check(await single.page.$eval('#game-choice', (l) => l.hidden), 'a page of one game has no selector');
  await press(single.page, 'End');
  const last = await shownMove(single.page);
  await expectMove(single.page, record, last, 'game 2 alone, at its end', ['--game-index', '2']);
  await single.page.close();
  check(blocked.length === 0 && errors.length === 0, 'the several games page fetches nothing and runs clean',
        JSON.stringify(blocked.concat(errors)));
}

// Battleship: both fleets, and each player's view.
async function battleshipViews(browser) {
  const record = 'samples/battleship/valid/full-game.battleship';
  const file = path.join(work, 'battleship.html');  // written by walkGame
  const { page } = await lib.openPage(browser, file, '#30');
  const views = await page.$$eval('#view option', (options) => options.map((o) => o.textContent));
  check(views.length === 3 && await page.$eval('#view-choice', (l) => !l.hidden),
        'battleship offers both sides and each player\'s view', JSON.stringify(views));
  const fleets = await page.$$eval('#board g.panel', (gs) => gs.map((g) => g.querySelectorAll('.ship, .sunk').length));
  check(fleets.length === 2 && fleets.every((n) => n > 0), 'the whole view shows both fleets', JSON.stringify(fleets));
  await expectMove(page, record, 30, 'both fleets');
  for (const [index, side] of [['1', 'player1'], ['2', 'player2']]) {
    await page.select('#view', index);
    await expectMove(page, record, 30, `the view of ${side}`, ['--as', side]);
    await press(page, 'End');
    const end = await shownMove(page);
    await expectMove(page, record, end, `the view of ${side} at the end`, ['--as', side]);
    await press(page, 'Home');
    // The click reaches the page through hashchange, after click()
    // returns: a view chosen before that goes to move 0 and so rewrites
    // the address, and the click would be lost.
    await click(page, '#moves a[data-move="30"]');
    await expectMove(page, record, 30, `a click back to move 30 in the view of ${side}`, ['--as', side]);
  }
  await page.close();
}

// A page made --as player1 (convert --as): one view, Player 1's, moved
// through as the whole page is; Player 2's fleet is not on it.
async function oneSideView(browser) {
  const record = 'samples/battleship/valid/full-game.battleship';
  const file = path.join(work, 'battleship-player1.html');
  fs.rmSync(file, { force: true });
  const converted = run(['convert', '--as', 'player1', record, file]);
  check(converted.status === 0, 'convert --as player1 to a page', converted.err);
  const printed = run(['replay', '--format', 'html', '--as', 'player1', record]);
  check(printed.out === fs.readFileSync(file, 'utf8'), 'replay --format html --as player1 prints the same page');
  const { page, blocked, errors } = await lib.openPage(browser, file, '#30');
  check(await page.$eval('#view-choice', (l) => l.hidden), 'a page of one side has no View selector');
  await expectMove(page, record, 30, 'the page of player1', ['--as', 'player1']);
  await press(page, 'End');
  const end = await shownMove(page);
  await expectMove(page, record, end, 'the page of player1 at its end', ['--as', 'player1']);
  const texts = await page.$$eval('#moves li a', (links) => links.map((a) => a.textContent));
  check(texts.filter((t) => /\(hidden\)$/.test(t)).length === 10, "Player 2's ten placements are hidden",
        JSON.stringify(texts.slice(10, 22)));
  await sameMoveLines(page, record, texts.length - 1, ['--as', 'player1']);
  check(blocked.length === 0 && errors.length === 0, 'the page of one side fetches nothing and runs clean',
        JSON.stringify(blocked.concat(errors)));
  await page.close();
}

// Past --page-limit, convert writes a folder: its index links each game's
// page, which links back and works as any page.
async function folderOfPages(browser) {
  const source = path.join(work, 'many.pgn');
  const pgn = fs.readFileSync(path.join(args.source, 'samples/chess/valid/opera-game.pgn'), 'utf8');
  // Enough games for more than a megabyte of page.
  fs.writeFileSync(source, Array(700).fill(pgn).join('\n'));
  const out = path.join(work, 'many.html');
  const folder = path.join(work, 'many');
  fs.rmSync(out, { force: true });
  fs.rmSync(folder, { recursive: true, force: true });
  const converted = run(['convert', '--page-limit', '1', source, out]);
  check(converted.status === 0 && /wrote the folder/.test(converted.err), 'convert past --page-limit writes a folder',
        converted.err);
  const index = await lib.openPage(browser, path.join(folder, 'index.html'), '', undefined,
                                   { ready: false, siblings: true });
  const rows = await index.page.$$eval('tbody tr', (trs) => trs.length);
  check(rows === 700, 'the index lists every game', rows);
  const row = await index.page.$$eval('tbody tr:nth-child(12) td', (tds) => tds.map((td) => td.textContent));
  check(row[0] === '12' && row[1] === 'Paul Morphy v Duke Karl / Count Isouard' && row[2] === '1-0 (checkmate)' &&
        row[3] === '33', "the index's row: number, players, result, moves", JSON.stringify(row));
  await Promise.all([index.page.waitForNavigation(), index.page.click('tbody tr:nth-child(12) a')]);
  check(index.page.url().split('#')[0].endsWith('/many/game-12.html'), "the index's link opens the game's page", index.page.url());
  await index.page.close();
  const game = await lib.openPage(browser, path.join(folder, 'game-12.html'));
  await press(game.page, 'End');
  await expectMove(game.page, source, 33, "a folder's page, at its end", ['--game-index', '12']);
  check(await game.page.$eval('#all-games', (a) => !a.hidden && a.getAttribute('href') === 'index.html'),
        "a folder's page links its index");
  check(index.blocked.length === 0 && game.blocked.length === 0 && index.errors.length === 0 && game.errors.length === 0,
        "the folder's pages fetch nothing and run clean",
        JSON.stringify(index.blocked.concat(game.blocked, index.errors, game.errors)));
  await game.page.close();
}

// An invalid record: the page up to its last good move, the error shown on
// it and on standard error, status 1.
async function invalidRecord(browser) {
  const record = 'samples/chaturanga/invalid/not-your-turn.cht';
  const file = path.join(work, 'invalid.html');
  fs.rmSync(file, { force: true });
  const converted = run(['convert', record, file]);
  const replayed = run(['replay', record]);
  check(converted.status === 1, 'convert of an invalid record exits 1', converted.status);
  check(replayed.err !== '' && converted.err === replayed.err, 'convert reports the error replay reports',
        converted.err);
  const printed = run(['replay', '--format', 'html', record]);
  check(printed.status === 1 && printed.err === replayed.err && printed.out.startsWith('<!DOCTYPE html>'),
        'replay --format html of an invalid record prints the page, the error and exits 1');
  const { page } = await lib.openPage(browser, file);
  const shown = await page.$eval('#error', (e) => (e.hidden ? '' : e.textContent));
  check(shown === replayed.err.trim(), 'the page shows the error', shown);
  const good = (replayed.out.match(/^Move \d+:/gm) || []).length;
  await press(page, 'End');
  await expectMove(page, record, good, 'the end of an invalid record: its last good move');
  await page.close();
}

// Tags, names, comments and a player trying to inject markup and script.
async function injection(browser) {
  const hostile = {
    Event: '</script><script>window.injected = 1</script>',
    White: '<img src=x onerror="window.injected = 2">',
    Black: 'O\'Hara "the <b>bold</b>" & co',
    Site: '<svg onload="window.injected = 3"></svg>',
  };
  const comment = '</script><img src=x onerror=alert(1)> "quoted" \'single\'';
  const pgn = Object.entries(hostile).map(([k, v]) => `[${k} "${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`).join('\n') +
      '\n[Result "*"]\n\n1. e4 {' + comment + '} e5 2. Nf3 *\n';
  const record = path.join(work, 'hostile.pgn');
  fs.writeFileSync(record, pgn);
  const file = path.join(work, 'hostile.html');
  fs.rmSync(file, { force: true });
  check(run(['convert', record, file]).status === 0, 'convert a record full of markup');
  const html = fs.readFileSync(file, 'utf8');
  check((html.match(/<script/g) || []).length === 3 && (html.match(/<\/script/g) || []).length === 3,
        'the page holds its own three scripts (the game\'s data, the shared data, the script) and no other');
  const { page, blocked, errors } = await lib.openPage(browser, file);
  check(await page.evaluate(() => window.injected === undefined), 'no injected script ran');
  check(await page.$$eval('img, b, #info svg, #moves svg', (n) => n.length) === 0, 'no injected element exists');
  const info = await page.$$eval('#info dd', (dds) => dds.map((d) => d.textContent));
  // The players' tags are the Players row.
  for (const [key, value] of Object.entries(hostile)) {
    const shown = key === 'White' || key === 'Black' ? info.some((d) => d.includes(value)) : info.includes(value);
    check(shown, 'a tag is shown as text: ' + value);
  }
  check(await page.$eval('#title', (h) => h.textContent) === hostile.White + ' v ' + hostile.Black,
        'the players are shown as text in the title');
  const comments = await page.$$eval('#moves .comment', (c) => c.map((e) => e.textContent));
  check(comments.includes(comment.trim()), 'the comment is shown as text', JSON.stringify(comments));
  check(blocked.length === 0, 'the hostile record fetched nothing', JSON.stringify(blocked));
  check(errors.length === 0, 'no script error, no dialog', JSON.stringify(errors));
  await page.close();
}

async function main() {
  const puppeteer = lib.loadPuppeteer(path.resolve(args.modules || '.', 'node_modules'));
  if (!lib.chromiumPath() || !puppeteer) {
    console.log('SKIPPED: Chromium or puppeteer-core is not installed (bash .ci/setup installs both)');
    process.exit(lib.kSkip);
  }
  fs.mkdirSync(work, { recursive: true });
  const browser = await lib.launch(puppeteer);
  try {
    const games = [['chaturanga', 'samples/chaturanga/valid/full-game.cht'],
                   ['chess', 'samples/chess/valid/opera-game.pgn'],
                   ['kalah', 'samples/kalah/valid/full-game.kalah'],
                   ['gomoku', 'samples/gomoku/valid/diagonal-win.gomoku'],
                   ['battleship', 'samples/battleship/valid/full-game.battleship']];
    for (const [game, record] of games) await walkGame(browser, game, record);
    await multiGame(browser);
    await battleshipViews(browser);
    await oneSideView(browser);
    await folderOfPages(browser);
    await invalidRecord(browser);
    await injection(browser);
  } catch (error) {
    check(false, 'the browser test ran to its end', error.stack);
  } finally {
    await browser.close();
  }
  console.log(`browser: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

main();
