#include "core/faults.hpp"

#include <cstdlib>

namespace battgpu::runtime::detail {
namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::size_t pos = 0;
  for (;;) {
    std::size_t next = s.find(sep, pos);
    parts.push_back(s.substr(pos, next == std::string::npos ? std::string::npos : next - pos));
    if (next == std::string::npos)
      return parts;
    pos = next + 1;
  }
}

std::string trim(const std::string& s) {
  std::size_t a = s.find_first_not_of(" \t");
  std::size_t b = s.find_last_not_of(" \t");
  return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

} // namespace

FaultPlan::FaultPlan(const std::string& description) {
  for (const std::string& spec : split(description, ';')) {
    if (trim(spec).empty())
      continue;
    Fault f;
    bool valid = true;
    for (const std::string& item : split(spec, ',')) {
      std::string kv = trim(item);
      if (kv.empty())
        continue;
      std::size_t colon = kv.find(':');
      if (colon == std::string::npos) {
        valid = false;
        break;
      }
      std::string key = trim(kv.substr(0, colon));
      std::string value = trim(kv.substr(colon + 1));
      if (key == "kind") {
        if (value == "error" || value == "device")
          f.kind = FaultKind::DeviceError;
        else if (value == "alloc")
          f.kind = FaultKind::AllocFailure;
        else
          valid = false;
      } else if (key == "device" || key == "chunk" || key == "from" || key == "count") {
        std::int64_t n = -1;
        if (value != "*") {
          char* end = nullptr;
          n = std::strtoll(value.c_str(), &end, 10);
          if (end == value.c_str() || *end != '\0' || n < 0)
            valid = false;
        }
        if (key == "device")
          f.device = static_cast<int>(n);
        else if (key == "chunk")
          f.chunk = n;
        else if (key == "from")
          f.from = n;
        else
          f.count = n;
      } else {
        valid = false;
      }
    }
    if (valid)
      faults_.push_back(f);
  }
}

bool FaultPlan::fire(FaultKind kind, int device, std::uint64_t chunk) const {
  for (const Fault& f : faults_) {
    if (f.kind != kind)
      continue;
    if (f.device >= 0 && f.device != device)
      continue;
    if (f.chunk >= 0 && static_cast<std::uint64_t>(f.chunk) != chunk)
      continue;
    if (f.from >= 0 && chunk < static_cast<std::uint64_t>(f.from))
      continue;
    if (f.count >= 0) {
      std::int64_t n = f.fired->fetch_add(1);
      if (n >= f.count)
        continue;
    }
    return true;
  }
  return false;
}

} // namespace battgpu::runtime::detail
