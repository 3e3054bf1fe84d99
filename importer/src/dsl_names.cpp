#include "dsl_names.hpp"

#include <algorithm>
#include <array>
#include <unordered_map>
#include <unordered_set>

namespace battgpu::importer {
namespace {

const std::vector<Primitive> primitive_table = {
    // arithmetic and logic
    {"identity", "identity", 1},
    {"add", "add", 2},
    {"subtract", "subtract", 2},
    {"multiply", "multiply", 2},
    {"divide", "divide", 2},
    {"invert", "invert", 1},
    {"even", "even", 1},
    {"double", "double_", 1},
    {"halve", "halve", 1},
    {"flip", "flip", 1},
    {"equality", "equality", 2},
    {"greater", "greater", 2},
    {"both", "both", 2},
    {"either", "either", 2},
    {"increment", "increment", 1},
    {"decrement", "decrement", 1},
    {"crement", "crement", 1},
    {"sign", "sign", 1},
    {"positive", "positive", 1},
    {"toivec", "toivec", 1},
    {"tojvec", "tojvec", 1},
    {"astuple", "astuple", 2},
    // containers
    {"contained", "contained", 2},
    {"combine", "combine", 2},
    {"intersection", "intersection", 2},
    {"difference", "difference", 2},
    {"dedupe", "dedupe", 1},
    {"order", "order", 2},
    {"repeat", "repeat", 2},
    {"size", "size", 1},
    {"merge", "merge", 1},
    {"maximum", "maximum", 1},
    {"minimum", "minimum", 1},
    {"valmax", "valmax", 2},
    {"valmin", "valmin", 2},
    {"argmax", "argmax", 2},
    {"argmin", "argmin", 2},
    {"mostcommon", "mostcommon", 1},
    {"leastcommon", "leastcommon", 1},
    {"initset", "initset", 1},
    {"sfilter", "sfilter", 2},
    {"mfilter", "mfilter", 2},
    {"extract", "extract", 2},
    {"totuple", "totuple", 1},
    {"first", "first", 1},
    {"last", "last", 1},
    {"insert", "insert", 2},
    {"remove", "remove", 2},
    {"other", "other", 2},
    {"interval", "interval", 3},
    {"product", "product", 2},
    {"pair", "pair", 2},
    // higher order
    {"branch", "branch", 3},
    {"compose", "compose", 2},
    {"chain", "chain", 3},
    {"matcher", "matcher", 2},
    {"rbind", "rbind", 2},
    {"lbind", "lbind", 2},
    {"power", "power", 2},
    {"fork", "fork", 3},
    {"apply", "apply", 2},
    {"rapply", "rapply", 2},
    {"mapply", "mapply", 2},
    {"papply", "papply", 3},
    {"mpapply", "mpapply", 3},
    {"prapply", "prapply", 3},
    // grids
    {"mostcolor", "mostcolor", 1},
    {"leastcolor", "leastcolor", 1},
    {"height", "height", 1},
    {"width", "width", 1},
    {"shape", "shape", 1},
    {"portrait", "portrait", 1},
    {"colorcount", "colorcount", 2},
    {"colorfilter", "colorfilter", 2},
    {"sizefilter", "sizefilter", 2},
    {"asindices", "asindices", 1},
    {"ofcolor", "ofcolor", 2},
    {"crop", "crop", 3},
    {"toobject", "toobject", 2},
    {"asobject", "asobject", 1},
    {"rot90", "rot90", 1},
    {"rot180", "rot180", 1},
    {"rot270", "rot270", 1},
    {"hmirror", "hmirror", 1},
    {"vmirror", "vmirror", 1},
    {"dmirror", "dmirror", 1},
    {"cmirror", "cmirror", 1},
    {"fill", "fill", 3},
    {"paint", "paint", 2},
    {"underfill", "underfill", 3},
    {"underpaint", "underpaint", 2},
    {"hupscale", "hupscale", 2},
    {"vupscale", "vupscale", 2},
    {"upscale", "upscale", 2},
    {"downscale", "downscale", 2},
    {"hconcat", "hconcat", 2},
    {"vconcat", "vconcat", 2},
    {"subgrid", "subgrid", 2},
    {"hsplit", "hsplit", 2},
    {"vsplit", "vsplit", 2},
    {"cellwise", "cellwise", 3},
    {"replace", "replace", 3},
    {"switch", "switch_", 3},
    {"index", "index", 2},
    {"canvas", "canvas", 2},
    {"cover", "cover", 2},
    {"trim", "trim", 1},
    {"move", "move", 3},
    {"tophalf", "tophalf", 1},
    {"bottomhalf", "bottomhalf", 1},
    {"lefthalf", "lefthalf", 1},
    {"righthalf", "righthalf", 1},
    {"occurrences", "occurrences", 2},
    {"frontiers", "frontiers", 1},
    {"compress", "compress", 1},
    {"hperiod", "hperiod", 1},
    {"vperiod", "vperiod", 1},
    // objects and patches
    {"objects", "objects", 4},
    {"partition", "partition", 1},
    {"fgpartition", "fgpartition", 1},
    {"toindices", "toindices", 1},
    {"recolor", "recolor", 2},
    {"shift", "shift", 2},
    {"normalize", "normalize", 1},
    {"dneighbors", "dneighbors", 1},
    {"ineighbors", "ineighbors", 1},
    {"neighbors", "neighbors", 1},
    {"ulcorner", "ulcorner", 1},
    {"urcorner", "urcorner", 1},
    {"llcorner", "llcorner", 1},
    {"lrcorner", "lrcorner", 1},
    {"uppermost", "uppermost", 1},
    {"lowermost", "lowermost", 1},
    {"leftmost", "leftmost", 1},
    {"rightmost", "rightmost", 1},
    {"square", "square", 1},
    {"vline", "vline", 1},
    {"hline", "hline", 1},
    {"hmatching", "hmatching", 2},
    {"vmatching", "vmatching", 2},
    {"manhattan", "manhattan", 2},
    {"adjacent", "adjacent", 2},
    {"bordering", "bordering", 2},
    {"centerofmass", "centerofmass", 1},
    {"palette", "palette", 1},
    {"numcolors", "numcolors", 1},
    {"color", "color", 1},
    {"center", "center", 1},
    {"position", "position", 2},
    {"corners", "corners", 1},
    {"connect", "connect", 2},
    {"vfrontier", "vfrontier", 1},
    {"hfrontier", "hfrontier", 1},
    {"backdrop", "backdrop", 1},
    {"delta", "delta", 1},
    {"gravitate", "gravitate", 2},
    {"inbox", "inbox", 1},
    {"outbox", "outbox", 1},
    {"box", "box", 1},
    {"shoot", "shoot", 2},
    // batt extensions
    {"o_g", "o_g", 2},
    {"o_g_t", "o_g_t", 2},
    {"p_g", "p_g", 1},
    {"get_nth_t", "get_nth_t", 2},
    {"get_nth_f", "get_nth_f", 2},
    {"difference_tuple", "difference_tuple", 2},
    {"second", "second", 1},
};

const std::vector<std::string_view> constant_table = {
    "F",           "T",           "ZERO",       "ONE",
    "TWO",         "THREE",       "FOUR",       "FIVE",
    "SIX",         "SEVEN",       "EIGHT",      "NINE",
    "TEN",         "NEG_ONE",     "NEG_TWO",    "DOWN",
    "RIGHT",       "UP",          "LEFT",       "ORIGIN",
    "UNITY",       "NEG_UNITY",   "UP_RIGHT",   "DOWN_LEFT",
    "ZERO_BY_TWO", "TWO_BY_ZERO", "TWO_BY_TWO", "THREE_BY_THREE",
    "R0",          "R1",          "R2",         "R3",
    "R4",          "R5",          "R6",         "R7",
    "F0",          "F1",          "F2",         "F3",
    "F4",          "F5",          "F6",         "F7",
    "F8",          "F9",          "L1",         "L2",
    "L3",          "L4",          "L5",         "L6",
    "L7",          "L8",          "L9",         "L10",
};

// C++ keywords and other names a Python variable must not take in the emitted code.
constexpr std::array<std::string_view, 97> cpp_reserved = {
    "alignas",
    "alignof",
    "and",
    "and_eq",
    "asm",
    "auto",
    "bitand",
    "bitor",
    "bool",
    "break",
    "case",
    "catch",
    "char",
    "char8_t",
    "char16_t",
    "char32_t",
    "class",
    "compl",
    "concept",
    "const",
    "consteval",
    "constexpr",
    "constinit",
    "const_cast",
    "continue",
    "co_await",
    "co_return",
    "co_yield",
    "decltype",
    "default",
    "delete",
    "do",
    "double",
    "dynamic_cast",
    "else",
    "enum",
    "explicit",
    "export",
    "extern",
    "false",
    "float",
    "for",
    "friend",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "mutable",
    "namespace",
    "new",
    "noexcept",
    "not",
    "not_eq",
    "nullptr",
    "operator",
    "or",
    "or_eq",
    "private",
    "protected",
    "public",
    "register",
    "reinterpret_cast",
    "requires",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "static_assert",
    "static_cast",
    "struct",
    "switch",
    "template",
    "this",
    "thread_local",
    "throw",
    "true",
    "try",
    "typedef",
    "typeid",
    "typename",
    "union",
    "unsigned",
    "using",
    "virtual",
    "void",
    "volatile",
    "wchar_t",
    "while",
    "xor",
    "xor_eq",
    "S",
    "I",
    "C",
    "o",
    "main",
};

struct Tables {
  std::unordered_map<std::string_view, const Primitive*> primitives;
  std::unordered_set<std::string_view> constants;
  std::unordered_set<std::string_view> reserved;
  Tables() {
    for (const Primitive& p : primitive_table) {
      primitives.emplace(p.python, &p);
      reserved.insert(p.cpp);
      reserved.insert(p.python);
    }
    for (std::string_view c : constant_table) {
      constants.insert(c);
      reserved.insert(c);
    }
    for (std::string_view r : cpp_reserved)
      reserved.insert(r);
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

} // namespace

const Primitive* find_primitive(std::string_view python_name) {
  const auto& map = tables().primitives;
  const auto it = map.find(python_name);
  return it == map.end() ? nullptr : it->second;
}

bool is_constant(std::string_view name) {
  return tables().constants.contains(name);
}

const std::vector<Primitive>& primitives() {
  return primitive_table;
}

const std::vector<std::string_view>& constants() {
  return constant_table;
}

bool is_reserved_cpp_name(std::string_view name) {
  // Names of the form `<word>_fn` are the DSL's function-object types.
  return tables().reserved.contains(name) || name.ends_with("_fn") || name.starts_with("battgpu");
}

} // namespace battgpu::importer
