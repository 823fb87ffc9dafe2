// Opening a replay page of an archive (docs/benchmarks.md, "Replay pages
// of archives"): the time from the request until the page's script has
// shown the first game (body[data-ready]), in Debian's headless Chromium,
// best and median of --runs; then the time to show the last game. Prints
// figures; never fails on them.
//
//   node archive_page_bench.cjs --page PAGE.html --modules DIR [--runs N]
'use strict';
const path = require('path');
const lib = require('../browser/browser_lib.cjs');

const args = lib.options(process.argv.slice(2));
const runs = +(args.runs || 3);

async function main() {
  const puppeteer = lib.loadPuppeteer(path.resolve(args.modules, 'node_modules'));
  if (!lib.chromiumPath() || !puppeteer) {
    console.log('Chromium or puppeteer-core is missing (bash .ci/setup installs both)');
    process.exit(2);
  }
  const browser = await lib.launch(puppeteer);
  const tab = await browser.newPage();
  await tab.setViewport({ width: 1100, height: 800, deviceScaleFactor: 1 });
  const url = 'file://' + path.resolve(args.page);
  const times = [];
  for (let i = 0; i < runs; ++i) {
    await tab.goto('about:blank');
    const start = process.hrtime.bigint();
    await tab.goto(url, { waitUntil: 'load', timeout: 120000 });
    await tab.waitForSelector('body[data-ready]', { timeout: 120000 });
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const games = await tab.$$eval('#game option', (o) => o.length);
  // The last game, through the address (#GAME/MOVE).
  const start = process.hrtime.bigint();
  await tab.evaluate((n) => { location.hash = '#' + n + '/0'; }, games);
  await tab.waitForFunction((n) => document.getElementById('game').value === String(n - 1), {}, games);
  const last = Number(process.hrtime.bigint() - start) / 1e6;
  await browser.close();
  console.log(`opened: best ${times[0].toFixed(0)} ms, median ${times[Math.floor(times.length / 2)].toFixed(0)} ms ` +
              `(${games} games; target under 3000 ms); the last game shown in ${last.toFixed(0)} ms`);
}

main();
