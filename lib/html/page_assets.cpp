// The report page's inline style sheet and script; see page_assets.h.
#include "lib/html/page_assets.h"

namespace sgf::html {

std::string_view page_css() {
  return R"css(:root { color-scheme: light; }
body { margin: 0; color: #1d1d1f; background: #fbfaf6; line-height: 1.4;
  font-family: system-ui, "Segoe UI", "Noto Sans", "Noto Sans CJK SC", "Noto Sans CJK JP",
    "Noto Sans CJK KR", "Noto Sans CJK TC", sans-serif; }
header { background: #2f3d31; color: #fff; padding: .8em 1.5em; }
header h1 { margin: 0; font-size: 1.4em; }
header p { margin: .3em 0 0; }
header a { color: #cfe8cf; }
main { padding: 0 1.5em 2em; }
h2 { border-bottom: 2px solid #d9d4c7; padding-bottom: .2em; margin-top: 1.4em; }
h3 { font-size: 1.05em; }
table { border-collapse: collapse; }
td, th { padding: .25em .6em; text-align: left; vertical-align: top; }
table.figures th { font-weight: normal; color: #555; }
table.figures td { font-weight: 600; text-align: right; }
table.codes td, table.codes th { border-bottom: 1px solid #e5e1d8; }
table.codes td:first-child { white-space: nowrap; }
table.codes tr.error td:nth-child(2) { color: #b3261e; }
table.codes tr.warning td:nth-child(2) { color: #8a6100; }
.active [data-filter], .active [data-code] { cursor: pointer; text-decoration: underline dotted; }
table.games { width: 100%; font-size: .92em; }
table.games thead th { position: sticky; top: 0; background: #ece8dd; white-space: nowrap;
  border-bottom: 2px solid #bdb6a4; }
table.games tbody tr:nth-child(even) { background: #f2f0e8; }
table.games td.file { word-break: break-all; max-width: 30em; }
table.games td:last-child { max-width: 28em; }
th.sortable { cursor: pointer; }
th[aria-sort=ascending]::after { content: " \25B2"; }
th[aria-sort=descending]::after { content: " \25BC"; }
tr.warning td:first-child { border-left: 4px solid #e0a100; }
tr.error td:first-child { border-left: 4px solid #d0312d; }
td.disputed { color: #b3261e; font-weight: 600; }
a.error, .finding.error .severity { color: #b3261e; }
a.warning, .finding.warning .severity { color: #8a6100; }
td a + a { margin-left: .1em; }
#controls { position: sticky; top: 0; z-index: 1; background: #fbfaf6; margin: 0;
  padding: .4em 0; }
#controls input { width: 18em; }
#shown { color: #555; margin-left: .6em; }
/* Games off screen are not laid out until scrolled to: the page opens as fast with 1,000
   diagrams as with ten. */
article.game { border-top: 1px solid #d9d4c7; padding: .5em 0; content-visibility: auto;
  contain-intrinsic-size: auto 520px; }
article.game h3 { margin: .2em 0; }
article.game .results { margin: .1em 0 .3em; color: #444; }
.finding { display: inline-block; vertical-align: top; width: 350px; margin: .3em 1.2em .8em 0; }
.finding .message { margin: .2em 0; overflow-wrap: anywhere; }
.finding .place { color: #555; }
.severity { font-weight: 700; text-transform: uppercase; font-size: .8em; }
figure.board { margin: .3em 0; }
figure.board svg { display: block; max-width: 100%; height: auto; }
figcaption, .around { font-size: .85em; color: #444; }
.around { margin: .2em 0 0; }
.steps { margin: .2em 0; }
.steps button { font: inherit; font-size: .85em; padding: .1em .5em; margin-right: .3em; }
.steps button[aria-pressed=true] { font-weight: 700; }
[hidden] { display: none !important; }
@media print { #controls, .steps { display: none; } table.games thead th { position: static; } }
)css";
}

std::string_view page_script() {
  return R"js((function () {
  'use strict';
  var each = function (list, f) { Array.prototype.forEach.call(list, f); };

  // The games table: sort by a column, filter the rows.
  var table = document.getElementById('games-table');
  if (table && table.tBodies.length) {
    var body = table.tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var heads = table.tHead.rows[0].cells;
    var sorted = { column: -1, up: true };
    var key = function (row, i, numeric) {
      var cell = row.cells[i];
      var v = cell.hasAttribute('data-sort') ? cell.getAttribute('data-sort') : cell.textContent;
      if (!numeric) return v.toLowerCase();
      var n = parseFloat(v);
      return isNaN(n) ? -Infinity : n;
    };
    each(heads, function (th, i) {
      th.tabIndex = 0;
      th.classList.add('sortable');
      th.title = 'Sort by this column';
      var sort = function () {
        var numeric = th.getAttribute('data-type') === 'number';
        var up = sorted.column === i ? !sorted.up : true;
        var keyed = rows.map(function (r, k) { return [key(r, i, numeric), k, r]; });
        keyed.sort(function (a, b) {
          if (a[0] < b[0]) return up ? -1 : 1;
          if (a[0] > b[0]) return up ? 1 : -1;
          return a[1] - b[1];
        });
        rows = keyed.map(function (e) { return e[2]; });
        var fragment = document.createDocumentFragment();
        rows.forEach(function (r) { fragment.appendChild(r); });
        body.appendChild(fragment);
        each(heads, function (h) { h.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', up ? 'ascending' : 'descending');
        sorted = { column: i, up: up };
      };
      th.addEventListener('click', sort);
      th.addEventListener('keydown', function (e) {
        if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); sort(); }
      });
    });

    var filter = document.getElementById('filter');
    var show = document.getElementById('show');
    var shown = document.getElementById('shown');
    var texts = null;
    var apply = function () {
      if (!texts) {
        texts = new Map();
        rows.forEach(function (r) { texts.set(r, r.textContent.toLowerCase()); });
      }
      var q = filter.value.trim().toLowerCase(), kind = show.value, n = 0;
      rows.forEach(function (r) {
        var visible = (kind === 'all' || r.classList.contains(kind)) &&
          (!q || texts.get(r).indexOf(q) >= 0);
        r.hidden = !visible;
        n += visible ? 1 : 0;
      });
      shown.textContent = n + ' of ' + rows.length + ' games shown';
    };
    document.getElementById('controls').hidden = false;
    shown.textContent = rows.length + ' games';
    filter.addEventListener('input', apply);
    show.addEventListener('change', apply);
    var games = document.getElementById('games');
    var summary = document.getElementById('summary');
    summary.classList.add('active');
    each(summary.querySelectorAll('[data-filter]'), function (td) {
      td.title = 'Show these games in the table';
      td.addEventListener('click', function () {
        show.value = td.getAttribute('data-filter');
        filter.value = '';
        apply();
        games.scrollIntoView();
      });
    });
    each(summary.querySelectorAll('[data-code]'), function (code) {
      code.title = 'Show the games with this finding';
      code.addEventListener('click', function () {
        show.value = 'findings';
        filter.value = code.getAttribute('data-code');
        apply();
        games.scrollIntoView();
      });
    });
  }

  // Diagrams: the position before and after the finding's, drawn over a copy of the diagram in
  // board units (the stones of a colour one path, the page's markers drawing each point).
  var SVG = 'http://www.w3.org/2000/svg';
  var make = function (name, attributes) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (k) { e.setAttribute(k, attributes[k]); });
    return e;
  };
  each(document.querySelectorAll('figure.board[data-width]'), function (figure) {
    var original = figure.querySelector('svg');
    var caption = figure.querySelector('figcaption');
    var atCaption = caption.textContent;
    var width = Number(figure.getAttribute('data-width'));
    var draw = function (which) {
      var svg = original;
      if (which !== 'at') {
        svg = original.cloneNode(true);
        each(svg.querySelectorAll('path, circle'), function (e) { e.remove(); });
        var stones = figure.getAttribute('data-' + which);
        var points = { x: [], o: [] };
        for (var k = 0; k < stones.length; ++k) {
          var c = stones.charAt(k);
          if (points[c]) points[c].push((k % width) + ' ' + Math.floor(k / width));
        }
        [['x', 'black-stones'], ['o', 'white-stones']].forEach(function (colour) {
          var p = points[colour[0]];
          if (p.length) svg.appendChild(make('path', { 'class': colour[1],
            d: 'M' + p.join(' ') + (p.length === 1 ? ' ' + p[0] : '') }));
        });
        var mark = Number(figure.getAttribute('data-' + which + '-mark'));
        if (mark >= 0) {
          var pixels = original.width.baseVal.value / original.viewBox.baseVal.width;
          svg.appendChild(make('circle', { cx: mark % width, cy: Math.floor(mark / width),
            r: 0.5, fill: 'none', stroke: '#1b5fe0',
            'stroke-width': Math.max(2 / pixels, 0.12).toFixed(3), 'class': 'step-mark' }));
        }
      }
      figure.replaceChild(svg, figure.querySelector('svg'));
      caption.textContent = which === 'at' ? atCaption
        : figure.getAttribute('data-' + which + '-caption');
      each(bar.querySelectorAll('button'), function (b) {
        b.setAttribute('aria-pressed', String(b.getAttribute('data-step') === which));
      });
    };
    var bar = document.createElement('div');
    bar.className = 'steps';
    [['prev', '\u25C0 before'], ['at', 'finding'], ['next', 'after \u25B6']].forEach(function (s) {
      var b = document.createElement('button');
      b.type = 'button';
      b.textContent = s[1];
      b.setAttribute('data-step', s[0]);
      b.disabled = s[0] !== 'at' && !figure.hasAttribute('data-' + s[0]);
      b.addEventListener('click', function () { draw(s[0]); });
      bar.appendChild(b);
    });
    figure.insertBefore(bar, caption);
    var around = figure.querySelector('.around');
    if (around) around.remove();
    draw('at');
  });
})();
)js";
}

} // namespace sgf::html
