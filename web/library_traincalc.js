// traincalc — web/library_traincalc.js
// The browser side of the platform seam: storage, URL hash, clipboard, files, the semantics
// layer, notifications to the page's JS API, and the canvas with its WebGL2 context. Linked with
// --js-library; called from web/main.cpp. Every function survives a hostile environment (sandboxed
// iframe: storage throws; no clipboard permission): failures are swallowed and reported as
// "nothing". The canvas's functions expect the shell's own #canvas, as the GL functions do.

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

  // The saved scenario and the link are written at most every 250 ms within a burst of changes: a
  // slider's drag commits every frame, and localStorage.setItem and location.replace were a fifth of
  // its script time (4 ms a frame here). The first write of a burst is made at once (an edit, a
  // host's set(), a pushed history entry: as before), the burst's last one at most 250 ms later, and
  // any still waiting when the page is hidden or left (pagehide, visibilitychange).
  // key → { at: ms of its last write, timer, f: the write waiting (null: none), v: what it writes }
  $tcWrites: {},
  $tcWriteNow__deps: ['$tcWrites'],
  $tcWriteNow: function (key) {
    var w = tcWrites[key], f = w && w.f;
    if (!w) return;
    clearTimeout(w.timer);
    w.timer = w.f = null;
    if (f) { w.at = performance.now(); f(); }
  },
  $tcWrite__deps: ['$tcWrites', '$tcWriteNow'],
  $tcWrite: function (key, v, f, atOnce) {
    var w = tcWrites[key] || (tcWrites[key] = { at: -1e9 }), t = performance.now();
    if (!Module['tcDropHash']) {  // the first write: what flushes and drops the waiting ones
      var all = function () { for (var k in tcWrites) tcWriteNow(k); };
      addEventListener('pagehide', all);
      addEventListener('visibilitychange', function () { if (document.hidden) all(); });  // it bubbles to the window
      // The visitor's own navigation (Back, an edited address): the link waiting to be written is
      // dropped, not written over the entry the browser went to (web/shell.html, hashchange).
      Module['tcDropHash'] = function () { var h = tcWrites.hash; if (h) { clearTimeout(h.timer); h.timer = h.f = null; } };
    }
    if (atOnce || (!w.timer && t - w.at >= 250)) {
      tcWriteNow(key);  // one waiting goes first: writes stay in order
      w.at = t;
      return f();
    }
    w.f = f;
    w.v = v;
    if (!w.timer) w.timer = setTimeout(tcWriteNow, 250 - (t - w.at), key);
    return 1;
  },

  tc_js_storage_get__deps: ['$tcString'],
  tc_js_storage_get: function (key) {
    try { return tcString(window.localStorage.getItem(UTF8ToString(key))); } catch (e) { return 0; }
  },
  // 1 when written or to be written (a write that waits and is refused was told at the burst's first).
  tc_js_storage_set__deps: ['$tcWrite'],
  tc_js_storage_set: function (key, value) {
    var k = UTF8ToString(key), v = UTF8ToString(value);
    return tcWrite('store:' + k, v, function () {
      try { window.localStorage.setItem(k, v); return 1; } catch (e) { return 0; }
    }, false);
  },

  // The link as the page last set it: one waiting to be written, else the address's.
  tc_js_hash_get__deps: ['$tcString', '$tcWrites'],
  tc_js_hash_get: function () {
    var h = '', w = tcWrites.hash;
    try { h = w && w.f ? w.v : location.hash || ''; } catch (e) {}
    return tcString(h);
  },
  // push != 0 adds a history entry (back/forward); otherwise the current entry is replaced. In a
  // frame nothing is ever pushed, with or without #embed=1: a frame's entries are the host's
  // history, and Back must leave the host page, not walk the calculator's earlier scenarios.
  tc_js_hash_set__deps: ['$tcWrite'],
  tc_js_hash_set: function (hash, push) {
    var h = UTF8ToString(hash);
    try {
      if (location.hash === h) {  // back to the address's own link: nothing waits to change it
        if (Module['tcDropHash']) Module['tcDropHash']();
        return;
      }
      tcWrite('hash', h, function () {
        // The hashchange this causes is ours: not to be applied back. Events come later, one per
        // set, and typing sets several in a row: a list, or the second one's event applied the
        // first's hash over later typing (100000 typed at 30 ms a key ended as 10000, 2026-12-02).
        var own = window.__traincalcOwnHashes || (window.__traincalcOwnHashes = []);
        own.push(h);
        if (own.length > 64) own.shift();
        try {
          if (push && parent === self) location.hash = h;  // in a frame: replaced, never pushed
          // Whole: replace() reads a relative "#s=…" against the calling script's document, and a
          // same-origin host's set() took the frame to the host page (2026-12-07).
          else location.replace(String(location.href).split('#')[0] + h);
        } catch (e) {}
      }, !!push);
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
  // A scroll the page asks for glides, unless the person asked for less motion (then it jumps).
  $tcGlide: function () {
    try { return window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth'; } catch (e) { return 'smooth'; }
  },
  tc_js_scroll_to__deps: ['$tcGlide'],
  tc_js_scroll_to: function (y) {
    try { window.scrollTo({ top: y, behavior: tcGlide() }); } catch (e) {}
  },
  // Page px [top, bottom] brought into view by the nearest edge, through an invisible marker there:
  // scrollIntoView moves this page, or the host page around a frame sized to the content. at_once:
  // a jump (an opened list: a glide slid its search box from under the click that followed).
  tc_js_reveal__deps: ['$tcGlide'],
  tc_js_reveal: function (top, bottom, atOnce) {
    try {
      var m = document.getElementById('tc-reveal');
      if (!m) {
        m = document.createElement('div');
        m.id = 'tc-reveal';
        m.setAttribute('aria-hidden', 'true');
        m.style.cssText = 'position:absolute;left:0;width:1px;pointer-events:none;visibility:hidden';
        document.body.appendChild(m);
      }
      m.style.top = top + 'px';
      m.style.height = Math.max(1, bottom - top) + 'px';
      m.scrollIntoView({ block: 'nearest', behavior: atOnce ? 'auto' : tcGlide() });
    } catch (e) {}
  },
  tc_js_wake_after: function (ms) {
    setTimeout(function () { try { Module._tc_wake(); } catch (e) {} }, ms);
  },

  tc_js_save: function (filename, text) {
    try {
      var name = UTF8ToString(filename);
      var blob = new Blob([UTF8ToString(text)], { type: (/\.json$/.test(name) ? 'application/json' : 'text/plain') + ';charset=utf-8' });
      var a = document.createElement('a');
      a.href = URL.createObjectURL(blob);
      a.download = name;
      document.body.appendChild(a); a.click(); document.body.removeChild(a);
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
    } catch (e) {}
  },

  tc_js_open: function (purpose) {
    try {
      var input = document.createElement('input');
      input.type = 'file'; input.accept = purpose === 3 ? '.yaml,.yml,.json,application/json,text/plain' : '.json,application/json,text/plain';
      input.onchange = function () {
        var f = input.files && input.files[0];
        if (!f) return;
        if (window.traincalc) window.traincalc.__file(purpose, f); // over its cap: refused unread, said so
      };
      // Held until the next chooser: nothing else refers to a detached <input>, and one collected
      // while its chooser was open lost the file (a browser test's chooser found no node, 2026-12-05).
      Module['tcFileInput'] = input;
      input.click();
    } catch (e) {}
  },

  // Text typed or pasted into the page's box, read as `purpose` by the page (YAML: web/yaml_json.js).
  tc_js_import: function (purpose, text) {
    try { window.traincalc && window.traincalc.__import(purpose, UTF8ToString(text)); } catch (e) {}
  },

  // Called after every refresh: the JS API's onChange callbacks, the live region, <html lang>.
  tc_js_changed: function (scenarioJson, summary, lang, valid) {
    try { window.traincalc && window.traincalc.__changed(UTF8ToString(scenarioJson), UTF8ToString(summary), UTF8ToString(lang), valid); } catch (e) {}
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

  // The page's glyphs from the browser's own fonts (web/fonts_system.cpp): each codepoint drawn by
  // Canvas 2D in a cell one line (targetPx device pixels) tall and as wide as its ink
  // (tcRasterGlyphs, web/glyph_raster.js), the alpha channel copied out. The font size is chosen so
  // the font's ascent + descent is the line, as ImGui sizes its fonts. metrics: the line, the ascent
  // and a Chinese character's advance (the atlas's placeholders). alpha 0: measure only (advances, no
  // pixels: measureText does not wait for the GPU process as the first getImageData does); else
  // cells gets each glyph's pen offset and width (px). One canvas for the page's lifetime: glyphs
  // met at run time need no new context.
  $tcRaster: { ctx: null },
  tc_js_raster__deps: ['$tcRaster'],
  tc_js_raster: function (targetPx, cps, n, advances, cells, alpha, alphaSize, metrics) {
    var stack = tcFontStack;  // web/glyph_raster.js
    var t0 = performance.now(), perf = window.__traincalcPerf || {};
    try {
      var ctx = tcRaster.ctx || (tcRaster.ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true }));
      ctx.font = '100px ' + stack;
      var m = ctx.measureText('Hg\u56fd');
      var lineAt100 = (m.fontBoundingBoxAscent || 80) + (m.fontBoundingBoxDescent || 20);
      var css = targetPx * 100 / lineAt100;
      var H = Math.round(targetPx), asc = (m.fontBoundingBoxAscent || 80) * css / 100;
      var font = css.toFixed(3) + 'px ' + stack, chars = [], i;
      ctx.font = font;
      HEAPF32[metrics >> 2] = H; HEAPF32[(metrics >> 2) + 1] = asc;
      HEAPF32[(metrics >> 2) + 2] = ctx.measureText('\u56fd').width;
      for (i = 0; i < n; i++) chars.push(String.fromCodePoint(HEAPU32[(cps >> 2) + i]));
      if (!alpha) {
        for (i = 0; i < n; i++) HEAPF32[(advances >> 2) + i] = ctx.measureText(chars[i]).width;
        perf.measureMs = (perf.measureMs || 0) + performance.now() - t0;
        return 0;
      }
      var r = tcRasterGlyphs(ctx, font, asc, H, chars);
      if (r.alpha.length > alphaSize) return -r.alpha.length;
      for (i = 0; i < n; i++) {
        HEAPF32[(advances >> 2) + i] = r.advances[i];
        HEAP32[(cells >> 2) + 2 * i] = r.lefts[i]; HEAP32[(cells >> 2) + 2 * i + 1] = r.widths[i];
      }
      HEAPU8.set(r.alpha, alpha);
      perf.rasterMs = (perf.rasterMs || 0) + performance.now() - t0;  // for the benchmark
      perf.rasterGlyphs = (perf.rasterGlyphs || 0) + n;
      return r.alpha.length;
    } catch (e) { return 0; }
  },

  // The main loop, instead of emscripten_set_main_loop (its Browser object with fullscreen, pointer
  // lock and image decoding was ~4 KB gzip of the page): tc_frame() once per animation frame while
  // running; paused (idle), no frame is asked for. A trap inside a frame stops the loop and goes to
  // the shell's onAbort (a bilingual message with a reload), never a silently frozen page.
  $tcLoop: { running: false, queued: false },
  tc_js_loop_run__deps: ['$tcLoop'],
  tc_js_loop_run: function (run) {
    tcLoop.running = !!run;
    if (!tcLoop.running || tcLoop.queued) return;
    tcLoop.queued = true;
    requestAnimationFrame(function tick() {
      tcLoop.queued = false;
      if (!tcLoop.running) return;
      try { Module['_tc_frame'](); } catch (e) {
        tcLoop.running = false;
        if (Module['onAbort']) Module['onAbort'](String(e && e.message || e));
        return;
      }
      if (tcLoop.running && !tcLoop.queued) { tcLoop.queued = true; requestAnimationFrame(tick); }
    });
  },

  // ---- The canvas and its WebGL2 context, here rather than through Emscripten's html5 API: that
  // API finds its target by CSS selector and brings an event-handler registry (JSEvents) and a
  // glGetIntegerv for every GL state, none of which the page uses (docs/measurements.md).
  $tcCanvas: function () { return document.getElementById('canvas'); },
  // The canvas's size in CSS px (doubles), as laid out.
  tc_js_canvas_css_size__deps: ['$tcCanvas'],
  tc_js_canvas_css_size: function (w, h) {
    var r = tcCanvas().getBoundingClientRect();
    HEAPF64[w >> 3] = r.width;
    HEAPF64[h >> 3] = r.height;
  },
  // Its drawing buffer in device px; a side is set only when it differs: setting it, even to its own
  // value, resets the drawing buffer, and a resize waits for the GPU process.
  tc_js_canvas_backing__deps: ['$tcCanvas'],
  tc_js_canvas_backing: function (w, h) {
    var c = tcCanvas();
    HEAP32[w >> 2] = c.width;
    HEAP32[h >> 2] = c.height;
  },
  tc_js_canvas_set_backing__deps: ['$tcCanvas'],
  tc_js_canvas_set_backing: function (w, h) {
    var c = tcCanvas();
    if (c.width !== w) c.width = w;
    if (c.height !== h) c.height = h;
  },
  // Makes the WebGL2 context current for Emscripten's GL functions; 0 when the browser gives none.
  // No alpha, depth, stencil or antialiasing, no extension (web/main.cpp says why).
  tc_js_gl_create__deps: ['$GL', '$tcCanvas'],
  tc_js_gl_create: function () {
    var attrs = { alpha: false, depth: false, stencil: false, antialias: false, premultipliedAlpha: true,
                  preserveDrawingBuffer: false, powerPreference: 'default', failIfMajorPerformanceCaveat: false,
                  majorVersion: 2, minorVersion: 0, enableExtensionsByDefault: false };
    var ctx = null;
    try { ctx = tcCanvas().getContext('webgl2', attrs); } catch (e) {}
    // A canvas that already has a context returns it for any version asked (Safari: WebKit bug
    // 222758): only a WebGL2 one will do.
    if (!ctx || !(ctx instanceof WebGL2RenderingContext)) return 0;
    var handle = GL.registerContext(ctx, attrs);
    GL.makeContextCurrent(handle);
    return handle;
  },
  // The largest side the GPU draws into: the smaller of the viewport's and a renderbuffer's limits
  // (answered by WebGL's own cache of the context's limits: no wait for the GPU process).
  tc_js_gl_max_backing__deps: ['$GL'],
  tc_js_gl_max_backing: function () {
    var v = GLctx.getParameter(0x0D3A /* MAX_VIEWPORT_DIMS */), r = GLctx.getParameter(0x84E8 /* MAX_RENDERBUFFER_SIZE */);
    return Math.min(v ? v[0] : 0, v ? v[1] : 0, r || 0) | 0;
  },
  // The program's link log when it did not link (malloc'd), else 0; a lost context answers 0: its
  // link status reads false, which is no link failure.
  tc_js_gl_link_log__deps: ['$GL', '$tcString'],
  tc_js_gl_link_log: function (program) {
    var p = GL.programs[program];
    if (!p || GLctx.isContextLost() || GLctx.getProgramParameter(p, 0x8B82 /* LINK_STATUS */)) return 0;
    return tcString(GLctx.getProgramInfoLog(p) || '(no log)');
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
