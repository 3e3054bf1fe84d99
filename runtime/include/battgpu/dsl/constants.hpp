// The reference DSL's constants, and the batt constants R0-R7, F0-F9, L1-L10.
#pragma once

#include "battgpu/dsl/values.hpp"

namespace battgpu::dsl {

inline constexpr Boolean F = false;
inline constexpr Boolean T = true;

inline constexpr Integer ZERO = 0;
inline constexpr Integer ONE = 1;
inline constexpr Integer TWO = 2;
inline constexpr Integer THREE = 3;
inline constexpr Integer FOUR = 4;
inline constexpr Integer FIVE = 5;
inline constexpr Integer SIX = 6;
inline constexpr Integer SEVEN = 7;
inline constexpr Integer EIGHT = 8;
inline constexpr Integer NINE = 9;
inline constexpr Integer TEN = 10;
inline constexpr Integer NEG_ONE = -1;
inline constexpr Integer NEG_TWO = -2;

inline constexpr IntegerTuple DOWN{1, 0};
inline constexpr IntegerTuple RIGHT{0, 1};
inline constexpr IntegerTuple UP{-1, 0};
inline constexpr IntegerTuple LEFT{0, -1};
inline constexpr IntegerTuple ORIGIN{0, 0};
inline constexpr IntegerTuple UNITY{1, 1};
inline constexpr IntegerTuple NEG_UNITY{-1, -1};
inline constexpr IntegerTuple UP_RIGHT{-1, 1};
inline constexpr IntegerTuple DOWN_LEFT{1, -1};
inline constexpr IntegerTuple ZERO_BY_TWO{0, 2};
inline constexpr IntegerTuple TWO_BY_ZERO{2, 0};
inline constexpr IntegerTuple TWO_BY_TWO{2, 2};
inline constexpr IntegerTuple THREE_BY_THREE{3, 3};

/// Object modes for o_g: 4*univalued + 2*diagonal + without_bg.
inline constexpr Integer R0 = 0;
inline constexpr Integer R1 = 1;
inline constexpr Integer R2 = 2;
inline constexpr Integer R3 = 3;
inline constexpr Integer R4 = 4;
inline constexpr Integer R5 = 5;
inline constexpr Integer R6 = 6;
inline constexpr Integer R7 = 7;

/// Element positions for get_nth_t / get_nth_f: F0..F9 from the front, L1..L10 from the end.
inline constexpr Integer F0 = 0;
inline constexpr Integer F1 = 1;
inline constexpr Integer F2 = 2;
inline constexpr Integer F3 = 3;
inline constexpr Integer F4 = 4;
inline constexpr Integer F5 = 5;
inline constexpr Integer F6 = 6;
inline constexpr Integer F7 = 7;
inline constexpr Integer F8 = 8;
inline constexpr Integer F9 = 9;
inline constexpr Integer L1 = -1;
inline constexpr Integer L2 = -2;
inline constexpr Integer L3 = -3;
inline constexpr Integer L4 = -4;
inline constexpr Integer L5 = -5;
inline constexpr Integer L6 = -6;
inline constexpr Integer L7 = -7;
inline constexpr Integer L8 = -8;
inline constexpr Integer L9 = -9;
inline constexpr Integer L10 = -10;

} // namespace battgpu::dsl
