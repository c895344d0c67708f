// traincalc — web/sdl_trim.cpp
// Size: SDL's software blitters (~100 KB of wasm) are reachable only through SDL_CalculateBlit,
// which window framebuffers and colour cursors use. The page draws with WebGL and uses system
// cursors, so it never blits: this definition keeps SDL_blit.o (and the blitters it pulls in)
// out of the link. SDL reports the error if anything ever tries to blit.
extern "C" {
struct SDL_Surface;
int SDL_SetError(const char* fmt, ...);
int SDL_CalculateBlit(SDL_Surface*) { return SDL_SetError("traincalc: software blitting is not linked in"); }
}
