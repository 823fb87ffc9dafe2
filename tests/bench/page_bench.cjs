// The replay page's size and speed (docs/benchmarks.md, "Replay pages"):
// a long game's page against one SVG picture of its last position, both
// opened from disk in Debian's headless Chromium in the same run. Prints
// figures; never fails on them.
//
//   node page_bench.cjs --page PAGE.html --svg PICTURE.svg --modules DIR [--runs N]
'use strict';
const fs = require('fs');
const path = require('path');
const lib = require('../browser/browser_lib.cjs');

const args = lib.options(process.argv.slice(2));
const runs = +(args.runs || 7);

// Best (least) of `runs` times of `fn` in ms: load on a shared machine only
// adds time.
async function best(fn) {
  const times = [];
  for (let i = 0; i < runs; ++i) times.push(await fn());
  times.sort((a, b) => a - b);
  return { best: times[0], median: times[Math.floor(times.length / 2)] };
}

async function main() {
  const puppeteer = lib.loadPuppeteer(path.resolve(args.modules, 'node_modules'));
  if (!lib.chromiumPath() || !puppeteer) {
    console.log('Chromium or puppeteer-core is missing (bash .ci/setup installs both)');
    process.exit(2);
  }
  const browser = await lib.launch(puppeteer);
  const tab = await browser.newPage();
  await tab.setViewport({ width: 1100, height: 800, deviceScaleFactor: 1 });
  const url = (file) => 'file://' + path.resolve(file);
  // Shown: from the request to the load event, by which the page's inline
  // script has drawn the board (it runs before load).
  const open = async (file, ready) => {
    await tab.goto('about:blank');
    const start = process.hrtime.bigint();
    await tab.goto(url(file), { waitUntil: 'load' });
    if (ready) await tab.waitForSelector(ready, { timeout: 10000 });
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const svg = await best(() => open(args.svg, null));
  const page = await best(() => open(args.page, 'body[data-ready]'));
  const moves = await tab.$$eval('#moves li a', (links) => links.length - 1);
  // The last position from the first: End, until the board shows it.
  const end = await best(async () => {
    await tab.keyboard.press('Home');
    const start = process.hrtime.bigint();
    await tab.keyboard.press('End');
    await tab.waitForFunction((n) => document.getElementById('board').dataset.move === String(n), {}, moves);
    return Number(process.hrtime.bigint() - start) / 1e6;
  });
  await browser.close();
  const kb = (file) => fs.statSync(file).size / 1024;
  console.log(`moves: ${moves}`);
  console.log(`page size: ${kb(args.page).toFixed(1)} KiB (target under 200 KB); ` +
              `one SVG of the last position: ${kb(args.svg).toFixed(1)} KiB; ratio ${(kb(args.page) / kb(args.svg)).toFixed(2)}`);
  console.log(`page shown: best ${page.best.toFixed(0)} ms, median ${page.median.toFixed(0)} ms (target under 1000 ms); ` +
              `SVG shown: best ${svg.best.toFixed(0)} ms, median ${svg.median.toFixed(0)} ms; ratio ${(page.best / svg.best).toFixed(2)}`);
  console.log(`Home then End (move 0 to move ${moves}): best ${end.best.toFixed(1)} ms, median ${end.median.toFixed(1)} ms`);
}

main();
