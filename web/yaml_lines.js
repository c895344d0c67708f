// traincalc — web/yaml_lines.js (appended to js-yaml's module by scripts/assemble_page.py --yaml)
// window.__tcYaml(text) -> {json, lines}: a config read as PyYAML reads it (YAML 1.1 schema) for the
// wasm, which reads JSON only, and where each mapping key sits ("a.b\tLINE\n", 1-based; keys under a
// list left out), as cli/yaml_json.cpp gives core from yaml-cpp. Throws js-yaml's YAMLException.
window.__tcYaml = function (text) {
  var events = parseEvents(text, { maxDepth: 64 });
  var docs = constructFromEvents(events, { source: text, schema: YAML11_SCHEMA });
  if (docs.length !== 1) throw new YAMLException('a config is one YAML document, this text has ' + docs.length);
  var breaks = [], i;
  for (i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks.push(i);
  var lineOf = function (at) { // 1 + the newlines before `at`
    var lo = 0, hi = breaks.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (breaks[mid] < at) lo = mid + 1; else hi = mid; }
    return lo + 1;
  };
  // Frames: {map, path, key (a map's pending key path, null while a key is expected), list}
  var out = '', stack = [{ map: false, path: '', list: false }];
  events.forEach(function (e) {
    var top = stack[stack.length - 1];
    if (e.type === EVENT_ID.POP) { stack.pop(); return; }
    if (e.type === EVENT_ID.DOCUMENT) { stack.push({ map: false, path: '', list: false }); return; }
    var path = top.path, list = top.list;
    if (top.map) {
      if (top.key === null) { // a key
        var k = e.type === EVENT_ID.SCALAR ? getScalarValue(text, e) : '?';
        top.key = top.path ? top.path + '.' + k : k;
        if (!top.list && e.type === EVENT_ID.SCALAR) out += top.key + '\t' + lineOf(e.valueStart) + '\n';
        if (e.type === EVENT_ID.MAPPING || e.type === EVENT_ID.SEQUENCE) stack.push({ map: false, path: '?', list: true });
        return;
      }
      path = top.key; top.key = null; // its value
    }
    if (e.type === EVENT_ID.MAPPING) stack.push({ map: true, path: path, key: null, list: list });
    else if (e.type === EVENT_ID.SEQUENCE) stack.push({ map: false, path: path + '[]', list: true });
  });
  return { json: JSON.stringify(docs[0] === undefined ? null : docs[0]), lines: out };
};
