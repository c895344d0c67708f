// traincalc — web/library_traincalc.js
// The browser side of the platform seam: storage, URL hash, clipboard, files, the semantics
// layer, and notifications to the page's JS API. Linked with --js-library; called from web/main.cpp.
// Every function survives a hostile environment (sandboxed iframe: storage throws; no
// clipboard permission): failures are swallowed and reported as "nothing".

mergeInto(LibraryManager.library, {
  // Returns a malloc'd UTF-8 copy of a JS string (the caller frees), or 0 for null.
  $tcString__deps: ['malloc'],
  $tcString: function (s) {
    if (s === null || s === undefined) return 0;
    s = String(s);
    var n = lengthBytesUTF8(s) + 1;
    var p = _malloc(n);
    if (p) stringToUTF8(s, p, n);
    return p;
  },

  tc_js_storage_get__deps: ['$tcString'],
  tc_js_storage_get: function (key) {
    try { return tcString(window.localStorage.getItem(UTF8ToString(key))); } catch (e) { return 0; }
  },
  tc_js_storage_set: function (key, value) {
    try { window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value)); return 1; } catch (e) { return 0; }
  },

  tc_js_hash_get__deps: ['$tcString'],
  tc_js_hash_get: function () {
    var h = '';
    try { h = window.location.hash || ''; } catch (e) {}
    return tcString(h);
  },
  // push != 0 adds a history entry (back/forward); otherwise the current entry is replaced.
  tc_js_hash_set: function (hash, push) {
    var h = UTF8ToString(hash);
    try {
      if (window.location.hash === h) return;
      window.__traincalcOwnHash = h;  // the hashchange this causes is ours: do not re-apply it
      if (push) window.location.hash = h;
      else window.location.replace(h);
    } catch (e) {}
  },

  // Copies from the user's gesture (Safari needs that); the shell announces it politely.
  tc_js_copy: function (text, announce) {
    try { window.traincalc && window.traincalc.__copy(UTF8ToString(text), UTF8ToString(announce)); } catch (e) {}
  },
  // A whole link: the host's share URL or this page's own address, with the scenario's hash.
  tc_js_copy_link: function (hash, announce) {
    try { window.traincalc && window.traincalc.__copyLink(UTF8ToString(hash), UTF8ToString(announce)); } catch (e) {}
  },
  // The semantics layer's nodes (ui/semantics.h): the shell keeps DOM twins in step with them.
  tc_js_semantics: function (json) {
    try { window.traincalc && window.traincalc.__semantics(UTF8ToString(json)); } catch (e) { console.warn('traincalc semantics:', e); }
  },
  tc_js_scroll_to: function (y) {
    try { window.scrollTo({ top: y, behavior: 'smooth' }); } catch (e) {}
  },
  tc_js_wake_after: function (ms) {
    setTimeout(function () { try { Module._tc_wake(); } catch (e) {} }, ms);
  },

  tc_js_save: function (filename, text) {
    try {
      var blob = new Blob([UTF8ToString(text)], { type: 'application/json;charset=utf-8' });
      var a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = UTF8ToString(filename);
      document.body.appendChild(a); a.click(); document.body.removeChild(a);
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
    } catch (e) {}
  },

  tc_js_open: function (purpose) {
    try {
      var input = document.createElement('input');
      input.type = 'file'; input.accept = '.json,application/json,text/plain';
      input.onchange = function () {
        var f = input.files && input.files[0];
        if (!f) return;
        if (f.size > 4 * 1024 * 1024) { window.traincalc && window.traincalc.__receive(purpose, '\u0000too-large'); return; }
        f.text().then(function (t) { window.traincalc && window.traincalc.__receive(purpose, t); });
      };
      input.click();
    } catch (e) {}
  },

  // Called after every refresh: the JS API's onChange callbacks, the live region, <html lang>.
  tc_js_changed: function (scenarioJson, summary, lang) {
    try { window.traincalc && window.traincalc.__changed(UTF8ToString(scenarioJson), UTF8ToString(summary), UTF8ToString(lang)); } catch (e) {}
  },

  tc_js_catalog_block__deps: ['$tcString'],
  tc_js_catalog_block: function () {
    try {
      var el = document.getElementById('traincalc-catalog');
      return el ? tcString(el.textContent) : 0;
    } catch (e) { return 0; }
  },

  tc_js_browser_lang__deps: ['$tcString'],
  tc_js_browser_lang: function () {
    try { return tcString((navigator.languages && navigator.languages[0]) || navigator.language || 'en'); } catch (e) { return 0; }
  },

  tc_js_frame_drawn: function (frames) {
    var p = window.__traincalcPerf || (window.__traincalcPerf = {});
    p.frames = frames;
    if (frames === 1) {
      p.firstFrameMs = performance.now();
      try { document.documentElement.classList.add('tc-ready'); } catch (e) {}
    }
  },
});
