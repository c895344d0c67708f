// traincalc — web/yaml_json.js (appended to js-yaml's module by scripts/assemble_page.py)
// window.__tcYaml(text) -> {json, lines}: a config read as the CLI reads it (cli/yaml_json.cpp, yaml-cpp),
// for the wasm, which reads JSON only. js-yaml parses (its events: parseEvents); the document is built
// here, not by js-yaml's constructor, so that each value takes the CLI's type: a plain untagged scalar
// is null, true/false (yes/no/on/off as PyYAML; y/n stay strings), an int (decimal or 0x, within int64)
// or a float (1e9 and 1e-4 without a dot too, as strtod reads them), else a string; a quoted, block or
// tagged scalar is a string; an alias is its anchor's value; a repeated key: the last wins; `<<` is a
// key like any other (yaml-cpp has no merge keys); a mapping key must be a scalar; the first document
// only. `lines`: where each mapping key sits ("a.b\tLINE\n", 1-based; keys under a list left out).
// Throws js-yaml's YAMLException (mark.line, mark.column, reason).
window.__tcYaml = function (text) {
  var NUL = /^(~|null|Null|NULL|)$/, YES = /^(yes|Yes|YES|true|True|TRUE|on|On|ON)$/,
    NO = /^(no|No|NO|false|False|FALSE|off|Off|OFF)$/, INT = /^[-+]?(0|[1-9][0-9_]*)$/, HEX = /^[-+]?0x[0-9a-fA-F_]+$/,
    FLOAT = /^[-+]?(\.[0-9]+|[0-9][0-9_]*(\.[0-9_]*)?)([eE][-+]?[0-9]+)?$/, I64 = BigInt('9223372036854775807');
  // cli/yaml_json.cpp's scalar(): JSON text for a plain, untagged scalar.
  var scalar = function (s) {
    if (NUL.test(s)) return 'null';
    if (YES.test(s)) return 'true';
    if (NO.test(s)) return 'false';
    var d = s.replace(/_/g, '');
    if (INT.test(s) || HEX.test(s)) { // strtoll(digits, 0): out of int64's range it fails (errno)
      var u = d.replace(/^[-+]/, ''), v = BigInt(u === '0x' ? '0' : u);
      if (d.charAt(0) === '-') v = -v;
      if (v <= I64 && v >= -I64 - BigInt(1)) return v.toString();
    }
    if (FLOAT.test(s)) { // strtod: a double (nlohmann writes it with a point; infinity as null)
      var f = Number(d), t = String(f);
      return !isFinite(f) ? 'null' : Object.is(f, -0) ? '-0.0' : /^-?[0-9]+$/.test(t) ? t + '.0' : t;
    }
    return JSON.stringify(s);
  };
  // A '[' or '{' never closed ("lora_target: [q_proj, v_proj" then a line "lr: 1") makes js-yaml stop at
  // the next key or the text's end ("missed comma between flow collection entries", "unexpected end of
  // the stream within a flow collection"): the bracket is what to fix, so the error names it where it
  // opens, as the CLI does (cli/yaml_json.cpp, the same scan). The scan: flow brackets and quotes open
  // only where a value starts (a line's start, after ": ", "- ", "? ", or inside a flow after '[', '{',
  // ',', ':'), so "a[1]" and "don't" are plain text; a '#' after a space or at a line's start begins a
  // comment; a block scalar's lines are text.
  var unclosedFlow = function () {
    var open = [], prev = '', quote = '', i, indent = 0, block = -1, end = text.length; // block: a '|' or '>' key's indent
    var indentAt = function (k) { var n = 0; while (text.charAt(k + n) === ' ') n++; return n; };
    for (i = 0; i < end; i++) {
      var c = text.charAt(i);
      if (quote) {
        if (quote === '"' && c === '\\') i++;
        else if (c === quote && !(quote === "'" && text.charAt(i + 1) === "'")) { quote = ''; prev = 'v'; }
        else if (quote === "'" && c === "'") i++;
        continue;
      }
      if (c === '\n') {
        // A block scalar's text (lines indented past its key, blank ones too) is text, brackets and all.
        while (block >= 0 && i + 1 < end && (indentAt(i + 1) > block || /^[ \t\r]*\n/.test(text.slice(i + 1, i + 200)))) {
          var next = text.indexOf('\n', i + 1);
          if (next < 0) { i = end; break; }
          i = next;
        }
        block = -1;
        indent = indentAt(i + 1);
        if (!open.length) prev = '';
        continue;
      }
      if (c === ' ' || c === '\t' || c === '\r') continue;
      if (c === '#' && (i === 0 || /\s/.test(text.charAt(i - 1)))) { while (i < end && text.charAt(i) !== '\n') i++; i--; continue; }
      var starts = open.length ? /^[\[{,:]?$/.test(prev) : /^[:\-?]?$/.test(prev);
      if (starts && (c === '[' || c === '{')) open.push(i);
      else if (starts && (c === '"' || c === "'")) quote = c;
      else if (starts && !open.length && (c === '|' || c === '>')) block = indent;
      else if (open.length && (c === ']' || c === '}')) open.pop();
      // ": ", "- " and "? " are indicators only before a space (or the line's end): "a-b", "http://x" are text.
      var spaced = /\s/.test(text.charAt(i + 1) || ' ');
      prev = ((c === ':' || c === '-' || c === '?') && spaced) || c === ',' || c === '[' || c === '{' ? c : 'v';
    }
    return open.length ? open[open.length - 1] : -1; // the innermost still open at the end
  };
  var events;
  try { events = parseEvents(text, { maxDepth: 64 }); } catch (e) {
    // Named when it opened at or before where the parser stopped: an error before it comes first.
    var at = e && e.mark ? unclosedFlow() : -1;
    if (at < 0 || at > e.mark.position) throw e;
    var bracket = text.charAt(at);
    YAMLException.throwAt(text, at, "this '" + bracket + "' is not closed by '" + (bracket === '[' ? ']' : '}') + "'");
  }
  var breaks = [], i;
  for (i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks.push(i);
  var lineOf = function (at) { // 1 + the newlines before `at`
    var lo = 0, hi = breaks.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (breaks[mid] < at) lo = mid + 1; else hi = mid; }
    return lo + 1;
  };
  // A node: {json, key (its scalar text, null when it cannot be a key), at}. A frame: {kind ('d'oc,
  // 's'eq, 'm'ap), path (dotted), items / map, key and dotted (a map's pending key), anchor, at}.
  var anchors = new Map(), stack = [], out = '', root = 'null';
  var anchorOf = function (e) { return e.anchorStart === -1 ? null : text.slice(e.anchorStart, e.anchorEnd); };
  var put = function (node) {
    var f = stack[stack.length - 1];
    if (f.kind === 'd') f.json = node.json;
    else if (f.kind === 's') f.items.push(node.json);
    else if (f.key === null) { // a key
      if (node.key === null) YAMLException.throwAt(text, node.at, 'a mapping key must be a plain value');
      f.key = node.key;
      f.dotted = f.path ? f.path + '.' + node.key : node.key;
      if (f.path.indexOf('[') < 0) out += f.dotted + '\t' + lineOf(node.at) + '\n';
    } else { f.map.set(f.key, node.json); f.key = null; }
  };
  for (i = 0; i < events.length; ++i) {
    var e = events[i], top = stack[stack.length - 1];
    if (e.type === EVENT_ID.DOCUMENT) stack.push({ kind: 'd', json: 'null' });
    else if (e.type === EVENT_ID.SCALAR) {
      var s = getScalarValue(text, e), plain = e.style === SCALAR_STYLE.PLAIN && e.tagStart === -1;
      var node = { json: plain ? scalar(s) : JSON.stringify(s), key: plain && NUL.test(s) ? null : s, at: e.valueStart };
      if (node.at < 0) node.at = e.anchorStart >= 0 ? e.anchorStart : e.tagStart >= 0 ? e.tagStart : 0;
      if (anchorOf(e) !== null) anchors.set(anchorOf(e), node);
      put(node);
    } else if (e.type === EVENT_ID.ALIAS) {
      var a = anchors.get(anchorOf(e));
      if (!a) YAMLException.throwAt(text, e.anchorStart, 'unidentified alias "' + anchorOf(e) + '"');
      put(a);
    } else if (e.type === EVENT_ID.MAPPING || e.type === EVENT_ID.SEQUENCE) {
      if (top.kind === 'm' && top.key === null) YAMLException.throwAt(text, e.start, 'a mapping key must be a plain value');
      var path = top.kind === 'm' ? top.dotted : top.kind === 's' ? top.path + '[]' : '';
      stack.push(e.type === EVENT_ID.MAPPING ? { kind: 'm', path: path, map: new Map(), key: null, anchor: anchorOf(e), at: e.start }
        : { kind: 's', path: path, items: [], anchor: anchorOf(e), at: e.start });
    } else if (e.type === EVENT_ID.POP) {
      var f = stack.pop();
      if (f.kind === 'd') { root = f.json; break; } // yaml-cpp's Load reads the first document
      var json = f.kind === 's' ? '[' + f.items.join(',') + ']'
        : '{' + Array.from(f.map, function (kv) { return JSON.stringify(kv[0]) + ':' + kv[1]; }).join(',') + '}';
      var made = { json: json, key: null, at: f.at };
      if (f.anchor !== null) anchors.set(f.anchor, made);
      put(made);
    }
  }
  return { json: root, lines: out };
};
