// What the browser tests and the page benchmark share: running gamerec,
// starting Debian's headless Chromium through puppeteer-core (installed by
// .ci/setup into BUILD_DIR/browser), reading a picture's cells, and a page
// that lets nothing be fetched.
'use strict';
const { execFileSync, spawnSync } = require('child_process');
const fs = require('fs');
const path = require('path');

// --name value pairs of the command line.
function options(argv) {
  const out = {};
  for (let i = 0; i < argv.length; ++i) {
    if (!argv[i].startsWith('--')) continue;
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) out[argv[i].slice(2)] = true;
    else out[argv[i].slice(2)] = argv[++i];
  }
  return out;
}

// Exit status 77: ctest's "skipped", for a machine without the browser.
const kSkip = 77;

function chromiumPath() {
  for (const candidate of [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser']) {
    if (candidate && fs.existsSync(candidate)) return candidate;
  }
  return null;
}

// puppeteer-core from BUILD_DIR/browser/node_modules, or null when it is
// not installed there. One that is installed but does not load (a Node.js
// older than it needs) is an error, not a reason to skip.
function loadPuppeteer(modules) {
  const where = path.join(modules, 'puppeteer-core');
  if (!fs.existsSync(path.join(where, 'package.json'))) return null;
  try {
    return require(where);
  } catch (error) {
    throw new Error('puppeteer-core in ' + where + ' does not load under Node.js ' + process.version + ': ' +
                    error.message);
  }
}

async function launch(puppeteer) {
  return puppeteer.launch({
    executablePath: chromiumPath(),
    headless: true,
    // Root in CI: Chromium's sandbox needs an unprivileged user.
    args: ['--no-sandbox', '--disable-gpu', '--font-render-hinting=none', '--hide-scrollbars',
           '--force-color-profile=srgb'],
  });
}

// gamerec's output, status and errors; `cwd` the source tree.
function gamerec(binary, args, cwd) {
  const run = spawnSync(binary, args, { cwd, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

// The cells of a picture, as SVG text: one line per element that stands on
// a cell (data-at), "tag class at href fill text", sorted.
function svgCells(svg) {
  const lines = [];
  const element = /<(use|circle|rect|line|text)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>([^<]*)/g;
  for (let m; (m = element.exec(svg));) {
    const attributes = {};
    for (const a of m[2].matchAll(/([\w:-]+)="([^"]*)"/g)) attributes[a[1]] = a[2];
    if (attributes['data-at'] === undefined) continue;
    const text = m[3] ? '' : m[4];
    lines.push(cellLine(m[1], attributes.class, unescape(attributes['data-at']), attributes.href, attributes.fill,
                        unescape(text)));
  }
  return lines.sort();
}
function unescape(text) {
  return (text || '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
}
function cellLine(tag, role, at, href, fill, text) {
  return [tag, role || '', at || '', href || '', fill || '', text || ''].join(' | ');
}

// The same lines from the board a page shows.
async function pageCells(page) {
  const raw = await page.$$eval('#board [data-at]', (nodes) => nodes.map((e) => [
    e.tagName.toLowerCase(), e.getAttribute('class'), e.getAttribute('data-at'), e.getAttribute('href'),
    e.getAttribute('fill'), e.tagName.toLowerCase() === 'text' ? e.textContent : '']));
  return raw.map((r) => cellLine(...r)).sort();
}

// Opens `file` (with #fragment) in a new tab that fails every request but
// the page's own, and collects script errors. Returns { page, blocked, errors }.
// Options: `ready` (default true) waits for the page's script to have run
// (a folder's index has none); `siblings` lets a link open the pages
// beside it (a folder's).
async function openPage(browser, file, fragment = '', viewport = { width: 1100, height: 800 },
                        { ready = true, siblings = false } = {}) {
  const page = await browser.newPage();
  await page.setViewport({ ...viewport, deviceScaleFactor: 1 });
  const url = 'file://' + path.resolve(file);
  const blocked = [];
  const errors = [];
  await page.setRequestInterception(true);
  const folder = url.slice(0, url.lastIndexOf('/') + 1);
  page.on('request', (request) => {
    const to = request.url().split('#')[0];
    if (to === url || (siblings && request.isNavigationRequest() && to.startsWith(folder) && to.endsWith('.html')))
      return request.continue();
    blocked.push(request.url());
    return request.abort();
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => { if (message.type() === 'error') errors.push(message.text()); });
  page.on('dialog', async (dialog) => { errors.push('dialog: ' + dialog.message()); await dialog.dismiss(); });
  await page.goto(url + fragment, { waitUntil: 'load' });
  if (ready) await page.waitForSelector('body[data-ready]', { timeout: 10000 });
  return { page, blocked, errors };
}

module.exports = { options, kSkip, chromiumPath, loadPuppeteer, launch, gamerec, svgCells, pageCells, openPage,
                   execFileSync };
