// traincalc — web/sdl_trim.cpp
// Size: SDL's software blitters (~100 KB of wasm) are reachable only through SDL_CalculateBlit,
// which window framebuffers and colour cursors use. The page draws with WebGL and uses system
// cursors, so it never blits: this definition keeps SDL_blit.o (and the blitters it pulls in)
// out of the link. SDL reports the error if anything ever tries to blit.
extern "C" {
struct SDL_Surface;
int SDL_SetError(const char* fmt, ...);
int SDL_CalculateBlit(SDL_Surface*) { return SDL_SetError("traincalc: software blitting is not linked in"); }

// Input: the page takes pointer, wheel, touch and keys from its own listeners (web/shell.html:
// pointer events, the page's scroll, the semantics layer's DOM twins), so SDL's browser event
// handlers (mouse, touch, keys with their scancode tables, wheel, focus, fullscreen, pointer lock,
// visibility) must not be registered: they would preventDefault touches (no page scroll, no tap)
// and swallow the wheel. Defining SDL_emscriptenevents.c's three entry points here keeps that
// object, and the Emscripten JS that registers those listeners, out of the page. The canvas size
// is followed every frame (web/main.cpp sync_canvas_size), so no resize handler is needed either.
struct SDL_WindowData;
void Emscripten_RegisterEventHandlers(SDL_WindowData*) {}
void Emscripten_UnregisterEventHandlers(SDL_WindowData*) {}
int Emscripten_HandleCanvasResize(int, const void*, void*) { return 0; }
}
