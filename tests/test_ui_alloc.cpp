// traincalc — tests/test_ui_alloc.cpp
// Steady-state frames allocate nothing: no std::string churn, no vector growth, no ImGui buffer
// growth once the page has been drawn a few times (idle frames must be cheap on a phone).
// Counts global operator new (this test binary replaces it) and ImGui's allocator.
#include "ui_harness.h"
#include <cstdlib>
#include <doctest/doctest.h>
#include <new>

namespace {
long g_allocations = 0;
bool g_counting = false;
void* counted_alloc(size_t n, void*) {
    if (g_counting) g_allocations++;
    return std::malloc(n);
}
void counted_free(void* p, void*) {
    std::free(p);
}
} // namespace

// Every non-aligned form is replaced, so that each new pairs with its delete (ASan checks).
void* operator new(size_t n) {
    if (g_counting) g_allocations++;
    if (void* p = std::malloc(n ? n : 1)) return p;
    throw std::bad_alloc();
}
void* operator new[](size_t n) {
    return operator new(n);
}
void* operator new(size_t n, const std::nothrow_t&) noexcept {
    if (g_counting) g_allocations++;
    return std::malloc(n ? n : 1);
}
void* operator new[](size_t n, const std::nothrow_t& t) noexcept {
    return operator new(n, t);
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete[](void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, size_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, size_t) noexcept {
    std::free(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
    std::free(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
    std::free(p);
}

using namespace traincalc;

TEST_CASE("steady-state frames make no heap allocation (desktop and phone, both languages, work shown)") {
    ImGui::SetAllocatorFunctions(counted_alloc, counted_free);
    struct Size {
        float w, h, dpi;
    };
    for (Size size : {Size{1280, 800, 1}, Size{390, 844, 3}}) {
        for (Lang lang : {Lang::en, Lang::zh}) {
            traincalc_test::Page page(size.w, size.h, size.dpi, lang);
            page.app.show_advanced = true;
            page.app.expand_all = true;
            for (bool& w : page.app.show_work) w = true;
            page.app.scenario.cards = 8;
            page.app.scenario.pilot_hours = 1;
            refresh(page.app);
            for (int i = 0; i < 10; i++) page.frame();
            g_allocations = 0;
            g_counting = true;
            for (int i = 0; i < 30; i++) page.frame();
            g_counting = false;
            CAPTURE(size.w);
            CHECK(g_allocations == 0);
            // The counter does count: a refresh (new estimate, comparison, curve) allocates.
            g_counting = true;
            refresh(page.app);
            page.frame();
            g_counting = false;
            CHECK(g_allocations > 0);
            CHECK(page.recovered == "");
        }
    }
}

TEST_CASE("steady-state frames of a scenario that does not fit allocate nothing (remedies are cached)") {
    ImGui::SetAllocatorFunctions(counted_alloc, counted_free);
    for (Lang lang : {Lang::en, Lang::zh}) {
        traincalc_test::Page page(1280, 800, 1, lang);
        page.app.expand_all = true;
        page.app.scenario.gpu_id = "RTX4090"; // Qwen2.5-7B LoRA at 4,096 tokens: does not fit
        page.app.scenario.seq_len = 4096;
        page.app.scenario.cards = 1;
        refresh(page.app);
        REQUIRE_FALSE(page.app.estimate.memory.fits);
        for (int i = 0; i < 5; i++) page.frame();
        g_allocations = 0;
        g_counting = true;
        for (int i = 0; i < 20; i++) page.frame();
        g_counting = false;
        CHECK(g_allocations == 0);
        // The remedies are rebuilt (allocating) when the estimate changes.
        page.app.scenario.seq_len = 8192;
        refresh(page.app);
        page.frame();
        g_counting = true;
        page.frame();
        g_counting = false;
        CHECK(page.recovered == "");
    }
}
