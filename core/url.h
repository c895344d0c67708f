// traincalc — core/url.h
// The URL hash: the whole scenario in a shareable, back/forward-friendly string.
// Format: "#s=<base64url of the scenario JSON>" plus optional "&embed=1", "&io=1" and "&lang=zh".
#pragma once
#include "scenario.h"
#include <string>
#include <string_view>
#include <vector>

namespace traincalc {

struct HashState {
    bool has_scenario = false; // false when the hash carries none
    ScenarioResult scenario;   // errors filled when the hash is corrupt
    bool embed = false;        // "embed=1": compact mode for iframes
    bool embed_io = false;     // "io=1": an embed that offers export and import too
    std::string lang;          // "", "en" or "zh"
};

// `embed_io` writes "&io=1" after "&embed=1" (an embed that asked for export and import keeps them
// in every link it writes: the first edit dropped it, and Back came to a frame without them).
std::string encode_hash(const Scenario& s, bool embed, std::string_view lang, bool embed_io = false);
HashState decode_hash(std::string_view hash, const Catalog& catalog); // hash with or without '#'
// One error (field "s") when `hash` (with or without '#') is longer than decode_hash() reads,
// limits::kMaxHashBytes; empty when it fits. Whoever writes a link checks it with this.
std::vector<FieldError> check_hash_length(std::string_view hash);

std::string base64url_encode(std::string_view bytes);
bool base64url_decode(std::string_view text, std::string& out); // false on bad input

} // namespace traincalc
