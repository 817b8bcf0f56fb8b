/**
 * The API reference page: plain HTML, a stylesheet and a script, all served from here, so it
 * works under a strict Content-Security-Policy with no outside host. The script reads the
 * OpenAPI document and lists every operation with its parameters, body and answers.
 */
export const docsHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PromptMarket API</title>
<link rel="stylesheet" href="/api/docs/docs.css">
<script src="/api/docs/docs.js" defer></script>
</head>
<body>
<header><h1>PromptMarket API</h1><p id="intro">Loading the OpenAPI document…</p>
<p><a href="/api/docs/json">OpenAPI 3.1 document (JSON)</a></p>
<input id="filter" type="search" placeholder="Filter by path" aria-label="Filter by path"></header>
<main id="operations"></main>
</body>
</html>
`;

export const docsCss = `
body { font: 15px/1.5 system-ui, sans-serif; margin: 0 auto; max-width: 960px; padding: 1rem; color: #1b1b1f; }
h1 { margin: 0 0 .25rem; }
#filter { width: 100%; padding: .5rem; font: inherit; margin: .5rem 0 1rem; box-sizing: border-box; }
details { border: 1px solid #d0d0d8; border-radius: 6px; margin: .5rem 0; }
summary { cursor: pointer; padding: .5rem .75rem; display: flex; gap: .75rem; align-items: baseline; }
.method { font: 600 12px/1 ui-monospace, monospace; padding: .25rem .5rem; border-radius: 4px; color: #fff;
  background: #4b5563; min-width: 4rem; text-align: center; }
.method.get { background: #1d6fb8; } .method.post { background: #13795b; } .method.put { background: #9a6700; }
.method.delete { background: #b42318; } .method.head { background: #6b7280; }
.path { font-family: ui-monospace, monospace; }
.body { padding: 0 .75rem .75rem; }
h3 { font-size: 14px; margin: .75rem 0 .25rem; }
pre { background: #f4f4f7; padding: .5rem; overflow: auto; font-size: 12px; margin: 0; }
`;

export const docsJs = `
(function () {
  'use strict';
  var list = document.getElementById('operations');
  var intro = document.getElementById('intro');
  var filter = document.getElementById('filter');
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function block(parent, title, value) {
    parent.appendChild(el('h3', '', title));
    parent.appendChild(el('pre', '', JSON.stringify(value, null, 2)));
  }
  function render(doc) {
    intro.textContent = (doc.info && doc.info.description) || '';
    var paths = doc.paths || {};
    Object.keys(paths).sort().forEach(function (path) {
      Object.keys(paths[path]).forEach(function (method) {
        var op = paths[path][method];
        var item = el('details');
        item.dataset.path = path;
        var summary = el('summary');
        summary.appendChild(el('span', 'method ' + method, method.toUpperCase()));
        summary.appendChild(el('span', 'path', path));
        if (op.summary) summary.appendChild(el('span', '', op.summary));
        item.appendChild(summary);
        var body = el('div', 'body');
        if (op.description) body.appendChild(el('p', '', op.description));
        if (op.parameters && op.parameters.length) block(body, 'Parameters', op.parameters);
        if (op.requestBody) block(body, 'Request body', op.requestBody);
        if (op.responses) block(body, 'Responses', op.responses);
        item.appendChild(body);
        list.appendChild(item);
      });
    });
    if (doc.components && doc.components.schemas) {
      var shared = el('details');
      shared.appendChild(el('summary', '', 'Shared schemas'));
      var sharedBody = el('div', 'body');
      block(sharedBody, 'components.schemas', doc.components.schemas);
      shared.appendChild(sharedBody);
      list.appendChild(shared);
    }
  }
  filter.addEventListener('input', function () {
    var wanted = filter.value.trim().toLowerCase();
    Array.prototype.forEach.call(list.children, function (item) {
      var path = item.dataset.path || '';
      item.hidden = wanted !== '' && path.toLowerCase().indexOf(wanted) === -1;
    });
  });
  fetch('/api/docs/json', { credentials: 'same-origin' })
    .then(function (response) { return response.json(); })
    .then(render)
    .catch(function () { intro.textContent = 'The OpenAPI document could not be loaded.'; });
})();
`;
