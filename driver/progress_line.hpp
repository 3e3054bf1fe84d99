// The progress line of a long run on stderr, for `battgpu run` over compiled solvers and over
// a Python module alike: shown once the run has taken a second; on a terminal redrawn in place
// (at most ten times a second) and cleared at the end, elsewhere (a log) one line a second.
#pragma once

#include <chrono>
#include <cstddef>
#include <ostream>
#include <string_view>

namespace battgpu::driver {

class ProgressLine {
public:
  using Clock = std::chrono::steady_clock;

  /// `start` is when the run began (now, but for tests).
  ProgressLine(std::ostream& err, bool terminal, Clock::time_point start = Clock::now())
      : err_(err), terminal_(terminal), start_(start) {}

  /// `done` of `total` tasks finished: "[done/total] BEFORE<rate> tasks/s, <elapsed> s
  /// elapsed, ~<left> s left  AFTER".
  void update(std::size_t done, std::size_t total, std::string_view before = {},
              std::string_view after = {});
  /// Clears the line on a terminal.
  void finish();

private:
  std::ostream& err_;
  bool terminal_;
  Clock::time_point start_;
  Clock::time_point last_draw_{};
  bool drawn_ = false;
};

} // namespace battgpu::driver
