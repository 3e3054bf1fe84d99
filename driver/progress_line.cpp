#include "progress_line.hpp"

#include <cstdio>
#include <string>

namespace battgpu::driver {

void ProgressLine::update(std::size_t done, std::size_t total, std::string_view before,
                          std::string_view after) {
  const Clock::time_point now = Clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (elapsed < 1.0 || done == 0)
    return;
  const double since_draw = std::chrono::duration<double>(now - last_draw_).count();
  if (drawn_ && since_draw < (terminal_ ? 0.1 : 1.0) && done != total)
    return;
  last_draw_ = now;
  drawn_ = true;
  const double left = elapsed / static_cast<double>(done) * static_cast<double>(total - done);
  const double rate = static_cast<double>(done) / elapsed;
  char numbers[160];
  std::snprintf(numbers, sizeof numbers, "%.1f tasks/s, %.1f s elapsed, ~%.0f s left", rate,
                elapsed, left);
  std::string line = "[";
  line += std::to_string(done);
  line += '/';
  line += std::to_string(total);
  line += "] ";
  line += before;
  line += numbers;
  if (!after.empty()) {
    line += "  ";
    line += after;
  }
  if (terminal_)
    err_ << "\r\033[K" << line << std::flush;
  else
    err_ << line << '\n' << std::flush;
}

void ProgressLine::finish() {
  if (drawn_ && terminal_)
    err_ << "\r\033[K" << std::flush;
}

} // namespace battgpu::driver
