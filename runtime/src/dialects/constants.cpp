#include "constants.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace battgpu::dialects {
namespace {

py::Value pair(std::int64_t a, std::int64_t b) {
  return py::tuple_of({py::Value::integer(a), py::Value::integer(b)});
}

/// arc-dsl's constants are a subset of tokpidjin's, with the same values.
constexpr std::array<std::string_view, 28> kArcDslNames = {
    "F",           "T",           "ZERO",       "ONE",           "TWO",      "THREE",
    "FOUR",        "FIVE",        "SIX",        "SEVEN",         "EIGHT",    "NINE",
    "TEN",         "NEG_ONE",     "NEG_TWO",    "DOWN",          "RIGHT",    "UP",
    "LEFT",        "ORIGIN",      "UNITY",      "NEG_UNITY",     "UP_RIGHT", "DOWN_LEFT",
    "ZERO_BY_TWO", "TWO_BY_ZERO", "TWO_BY_TWO", "THREE_BY_THREE"};

} // namespace

std::vector<Module::Entry> constants(Dialect dialect) {
  std::vector<Module::Entry> all = {
      {"F", py::Value::boolean(false)},
      {"T", py::Value::boolean(true)},
      {"F0", py::Value::integer(0)},
      {"F1", py::Value::integer(1)},
      {"F2", py::Value::integer(2)},
      {"F3", py::Value::integer(3)},
      {"F4", py::Value::integer(4)},
      {"F5", py::Value::integer(5)},
      {"F6", py::Value::integer(6)},
      {"F7", py::Value::integer(7)},
      {"F8", py::Value::integer(8)},
      {"F9", py::Value::integer(9)},
      {"L1", py::Value::integer(-1)},
      {"L2", py::Value::integer(-2)},
      {"L3", py::Value::integer(-3)},
      {"L4", py::Value::integer(-4)},
      {"L5", py::Value::integer(-5)},
      {"L6", py::Value::integer(-6)},
      {"L7", py::Value::integer(-7)},
      {"L8", py::Value::integer(-8)},
      {"L9", py::Value::integer(-9)},
      {"L10", py::Value::integer(-10)},
      {"R0", py::Value::integer(0)},
      {"R1", py::Value::integer(1)},
      {"R2", py::Value::integer(2)},
      {"R3", py::Value::integer(3)},
      {"R4", py::Value::integer(4)},
      {"R5", py::Value::integer(5)},
      {"R6", py::Value::integer(6)},
      {"R7", py::Value::integer(7)},
      {"R8", py::Value::integer(8)},
      {"R9", py::Value::integer(9)},
      {"NEG_TEN", py::Value::integer(-10)},
      {"NEG_NINE", py::Value::integer(-9)},
      {"NEG_EIGHT", py::Value::integer(-8)},
      {"NEG_SEVEN", py::Value::integer(-7)},
      {"NEG_SIX", py::Value::integer(-6)},
      {"NEG_FIVE", py::Value::integer(-5)},
      {"NEG_FOUR", py::Value::integer(-4)},
      {"NEG_THREE", py::Value::integer(-3)},
      {"NEG_TWO", py::Value::integer(-2)},
      {"NEG_ONE", py::Value::integer(-1)},
      {"ZERO", py::Value::integer(0)},
      {"ONE", py::Value::integer(1)},
      {"TWO", py::Value::integer(2)},
      {"THREE", py::Value::integer(3)},
      {"FOUR", py::Value::integer(4)},
      {"FIVE", py::Value::integer(5)},
      {"SIX", py::Value::integer(6)},
      {"SEVEN", py::Value::integer(7)},
      {"EIGHT", py::Value::integer(8)},
      {"NINE", py::Value::integer(9)},
      {"TEN", py::Value::integer(10)},
      {"HUNDRED", py::Value::integer(100)},
      {"THOUSAND", py::Value::integer(1000)},
      {"BLACK", py::Value::integer(0)},
      {"BLUE", py::Value::integer(1)},
      {"RED", py::Value::integer(2)},
      {"GREEN", py::Value::integer(3)},
      {"YELLOW", py::Value::integer(4)},
      {"GRAY", py::Value::integer(5)},
      {"MAGENTA", py::Value::integer(6)},
      {"ORANGE", py::Value::integer(7)},
      {"CYAN", py::Value::integer(8)},
      {"BURGUNDY", py::Value::integer(9)},
      {"A0", py::Value::integer(0)},
      {"A1", py::Value::integer(1)},
      {"A2", py::Value::integer(2)},
      {"A3", py::Value::integer(3)},
      {"A4", py::Value::integer(4)},
      {"A5", py::Value::integer(5)},
      {"A6", py::Value::integer(6)},
      {"A7", py::Value::integer(7)},
      {"A8", py::Value::integer(8)},
      {"A9", py::Value::integer(9)},
      {"SM2", py::Value::integer(2)},
      {"SM3", py::Value::integer(3)},
      {"SD2", py::Value::integer(-2)},
      {"SD3", py::Value::integer(-3)},
      {"DOWN", pair(1, 0)},
      {"RIGHT", pair(0, 1)},
      {"UP", pair(-1, 0)},
      {"LEFT", pair(0, -1)},
      {"ORIGIN", pair(0, 0)},
      {"UNITY", pair(1, 1)},
      {"NEG_UNITY", pair(-1, -1)},
      {"UP_RIGHT", pair(-1, 1)},
      {"DOWN_LEFT", pair(1, -1)},
      {"ZERO_BY_TWO", pair(0, 2)},
      {"TWO_BY_ZERO", pair(2, 0)},
      {"TWO_BY_TWO", pair(2, 2)},
      {"THREE_BY_THREE", pair(3, 3)},
  };
  if (dialect == Dialect::Tokpidjin)
    return all;
  std::vector<Module::Entry> arc;
  for (auto& e : all)
    if (std::find(kArcDslNames.begin(), kArcDslNames.end(), e.name) != kArcDslNames.end())
      arc.push_back(e);
  return arc;
}

} // namespace battgpu::dialects
