// traincalc — web/render_webgl2.cpp
// Dear ImGui's draw data on WebGL2, with no GL query at start-up or per frame (see the header).
// What ImGui's OpenGL3 backend (1.86) asks and this file does not need to:
// - the GL version and the extensions list (glGetIntegerv, glGetStringi: the whole list from the
//   GPU process): this is WebGL2, GLSL ES 3.00, nothing optional is used;
// - every state it saves and restores around a frame (14 glGetIntegerv): the page owns the
//   context, so the state is simply set;
// - attribute and uniform locations: fixed by `layout(location)`; the projection is a constant
//   vertex attribute (glVertexAttrib4f) and the sampler stays at its default, texture unit 0;
// - the shaders' compile and link status before the first frame: webgl2_check_program() asks once
//   the page is idle (a failed link then shows the page's fatal message).
// The font atlas is uploaded as it is packed, one byte a pixel (GL_R8), not widened to RGBA.
//
// Index of this file:
// [SECTION] State, shaders
// [SECTION] Init, shutdown, fonts
// [SECTION] Render
#include "web/render_webgl2.h"

#include "imgui.h"

#include <GLES3/gl3.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

// The program's link log when it did not link (malloc'd), else null (web/library_traincalc.js):
// one WebGL call, where glGetProgramiv's glue answers every parameter.
extern "C" char* tc_js_gl_link_log(unsigned program);

namespace traincalc {
namespace {

//-----------------------------------------------------------------------------
// [SECTION] State, shaders
//-----------------------------------------------------------------------------

struct Gl {
    GLuint program = 0, vao = 0, vbo = 0, ebo = 0, font = 0;
    GLsizeiptr vbo_bytes = 0, ebo_bytes = 0; // allocated sizes: grown, never shrunk
};
Gl g_gl;

constexpr GLuint kPos = 0, kUv = 1, kColor = 2, kProj = 3; // attribute locations (the shaders' layout)

constexpr const char* kVertex = R"(#version 300 es
layout(location = 0) in vec2 Position;
layout(location = 1) in vec2 UV;
layout(location = 2) in vec4 Color;
layout(location = 3) in vec4 Proj;
out vec2 Frag_UV;
out vec4 Frag_Color;
void main() {
    Frag_UV = UV;
    Frag_Color = Color;
    gl_Position = vec4(Position * Proj.xy + Proj.zw, 0.0, 1.0);
})";

// The atlas holds coverage only (white glyphs): ImGui's RGBA atlas is (255, 255, 255, a).
constexpr const char* kFragment = R"(#version 300 es
precision mediump float;
uniform sampler2D Texture;
in vec2 Frag_UV;
in vec4 Frag_Color;
layout(location = 0) out vec4 Out_Color;
void main() {
    Out_Color = vec4(Frag_Color.rgb, Frag_Color.a * texture(Texture, Frag_UV).r);
})";

GLuint shader(GLenum kind, const char* source) {
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &source, nullptr);
    glCompileShader(s);
    return s;
}

} // namespace

//-----------------------------------------------------------------------------
// [SECTION] Init, shutdown, fonts
//-----------------------------------------------------------------------------

void webgl2_init() {
    ImGuiIO& io = ImGui::GetIO();
    io.BackendRendererName = "traincalc_webgl2";
    GLuint vs = shader(GL_VERTEX_SHADER, kVertex), fs = shader(GL_FRAGMENT_SHADER, kFragment);
    g_gl.program = glCreateProgram();
    glAttachShader(g_gl.program, vs);
    glAttachShader(g_gl.program, fs);
    glLinkProgram(g_gl.program);
    glDetachShader(g_gl.program, vs);
    glDetachShader(g_gl.program, fs);
    glDeleteShader(vs); // the program keeps what it linked
    glDeleteShader(fs);

    glGenVertexArrays(1, &g_gl.vao);
    glGenBuffers(1, &g_gl.vbo);
    glGenBuffers(1, &g_gl.ebo);
    g_gl.vbo_bytes = g_gl.ebo_bytes = 0;
    glBindVertexArray(g_gl.vao);
    glBindBuffer(GL_ARRAY_BUFFER, g_gl.vbo);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, g_gl.ebo); // part of the vertex array's state
    glEnableVertexAttribArray(kPos);
    glEnableVertexAttribArray(kUv);
    glEnableVertexAttribArray(kColor);
    const GLsizei stride = sizeof(ImDrawVert);
    glVertexAttribPointer(kPos, 2, GL_FLOAT, GL_FALSE, stride, (void*)IM_OFFSETOF(ImDrawVert, pos));
    glVertexAttribPointer(kUv, 2, GL_FLOAT, GL_FALSE, stride, (void*)IM_OFFSETOF(ImDrawVert, uv));
    glVertexAttribPointer(kColor, 4, GL_UNSIGNED_BYTE, GL_TRUE, stride, (void*)IM_OFFSETOF(ImDrawVert, col));

    // The state every frame needs, set once: nothing else draws into this context.
    glUseProgram(g_gl.program);
    glEnable(GL_BLEND);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_CULL_FACE);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_STENCIL_TEST);
    glEnable(GL_SCISSOR_TEST);
    glActiveTexture(GL_TEXTURE0);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1); // atlas rows of any width
}

void webgl2_shutdown() {
    if (g_gl.font) glDeleteTextures(1, &g_gl.font);
    if (g_gl.vbo) glDeleteBuffers(1, &g_gl.vbo);
    if (g_gl.ebo) glDeleteBuffers(1, &g_gl.ebo);
    if (g_gl.vao) glDeleteVertexArrays(1, &g_gl.vao);
    if (g_gl.program) glDeleteProgram(g_gl.program);
    g_gl = Gl();
    ImGui::GetIO().Fonts->SetTexID(0);
}

void webgl2_upload_fonts() {
    ImFontAtlas* atlas = ImGui::GetIO().Fonts;
    IM_ASSERT(atlas->TexPixelsAlpha8 &&
              "the page's atlas is packed by web/fonts_system.cpp (add_fonts) before it is uploaded");
    if (g_gl.font) glDeleteTextures(1, &g_gl.font);
    glGenTextures(1, &g_gl.font);
    glBindTexture(GL_TEXTURE_2D, g_gl.font);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, atlas->TexWidth, atlas->TexHeight, 0, GL_RED, GL_UNSIGNED_BYTE,
                 atlas->TexPixelsAlpha8);
    atlas->SetTexID((ImTextureID)(intptr_t)g_gl.font);
}

bool webgl2_check_program(char* log, int log_size) {
    char* failed = tc_js_gl_link_log(g_gl.program); // null: linked, or the context is lost
    if (!failed) return true;
    std::snprintf(log, (size_t)log_size, "%s", failed);
    std::free(failed);
    return false;
}

//-----------------------------------------------------------------------------
// [SECTION] Render
//-----------------------------------------------------------------------------

void webgl2_render(ImDrawData* draw) {
    const float fb_w = draw->DisplaySize.x * draw->FramebufferScale.x;
    const float fb_h = draw->DisplaySize.y * draw->FramebufferScale.y;
    if (fb_w <= 0 || fb_h <= 0 || !g_gl.program) return;
    // Orthographic projection of DisplayPos..DisplayPos+DisplaySize, y down, as x*Proj.xy + Proj.zw.
    const float l = draw->DisplayPos.x, t = draw->DisplayPos.y;
    const float w = draw->DisplaySize.x, h = draw->DisplaySize.y;
    glVertexAttrib4f(kProj, 2.0f / w, -2.0f / h, -1.0f - 2.0f * l / w, 1.0f + 2.0f * t / h);
    glBindVertexArray(g_gl.vao);
    glBindBuffer(GL_ARRAY_BUFFER, g_gl.vbo);
    const ImVec2 clip_off = draw->DisplayPos, clip_scale = draw->FramebufferScale;
    GLuint bound = 0;
    for (int n = 0; n < draw->CmdListsCount; n++) {
        const ImDrawList* list = draw->CmdLists[n];
        const GLsizeiptr vtx = (GLsizeiptr)list->VtxBuffer.Size * (GLsizeiptr)sizeof(ImDrawVert);
        const GLsizeiptr idx = (GLsizeiptr)list->IdxBuffer.Size * (GLsizeiptr)sizeof(ImDrawIdx);
        if (g_gl.vbo_bytes < vtx)
            glBufferData(GL_ARRAY_BUFFER, g_gl.vbo_bytes = vtx, nullptr, GL_STREAM_DRAW);
        if (g_gl.ebo_bytes < idx)
            glBufferData(GL_ELEMENT_ARRAY_BUFFER, g_gl.ebo_bytes = idx, nullptr, GL_STREAM_DRAW);
        glBufferSubData(GL_ARRAY_BUFFER, 0, vtx, list->VtxBuffer.Data);
        glBufferSubData(GL_ELEMENT_ARRAY_BUFFER, 0, idx, list->IdxBuffer.Data);
        for (const ImDrawCmd& cmd : list->CmdBuffer) {
            if (cmd.UserCallback) { // the page adds none; ImGui's reset needs nothing here
                if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
                continue;
            }
            const ImVec2 lo((cmd.ClipRect.x - clip_off.x) * clip_scale.x,
                            (cmd.ClipRect.y - clip_off.y) * clip_scale.y);
            const ImVec2 hi((cmd.ClipRect.z - clip_off.x) * clip_scale.x,
                            (cmd.ClipRect.w - clip_off.y) * clip_scale.y);
            if (hi.x <= lo.x || hi.y <= lo.y) continue;
            glScissor((int)lo.x, (int)(fb_h - hi.y), (int)(hi.x - lo.x), (int)(hi.y - lo.y)); // GL's y is up
            const GLuint tex = (GLuint)(intptr_t)cmd.GetTexID();
            if (tex != bound) glBindTexture(GL_TEXTURE_2D, bound = tex);
            glDrawElements(GL_TRIANGLES, (GLsizei)cmd.ElemCount,
                           sizeof(ImDrawIdx) == 2 ? GL_UNSIGNED_SHORT : GL_UNSIGNED_INT,
                           (void*)(intptr_t)(cmd.IdxOffset * sizeof(ImDrawIdx)));
        }
    }
}

} // namespace traincalc
