// traincalc — web/render_webgl2.h
// The page's Dear ImGui renderer for WebGL2 (instead of ImGui's OpenGL3 backend): it owns the
// context, so it never asks the GL for anything at start-up or per frame. In Chrome each query
// (glGetIntegerv of a state, the extensions list, a shader's compile status, an attribute or
// uniform location) waits for the GPU process, which on a software GL is busy presenting frames
// for 50-250 ms at a time (README "Speed and size").
#pragma once

struct ImDrawData;

namespace traincalc {

// Makes the program, vertex array and buffers in the current context; no GL query.
void webgl2_init();
// Deletes them (after a context loss their names are already dead: deleting is harmless).
void webgl2_shutdown();
// (Re)uploads ImGui's font atlas (alpha only, GL_R8) and sets its texture id; frees the old one.
void webgl2_upload_fonts();
// Draws ImGui's draw data into the bound framebuffer (viewport and clear are the caller's).
void webgl2_render(ImDrawData* draw);
// The one query, asked once the page is idle (never before the first frame): false when the
// program did not link, with the GL's log in `log` (shown by the page as a fatal message).
bool webgl2_check_program(char* log, int log_size);

} // namespace traincalc
