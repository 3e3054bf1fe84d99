// Threads with fixed indices that run each phase of a computation together: worker w runs
// part w of every phase. Unlike ThreadPool, part w always runs on the same thread, so work a
// phase leaves half done (a solve suspended at a batch point) goes on where it began, and
// what it allocated is freed by the thread that allocated it (glibc's malloc otherwise locks
// the allocating thread's arena for every such free, which many cores contend for).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace battgpu::runtime::detail {

class PhaseWorkers {
public:
  /// `count` workers: worker 0 is the thread that calls run(), the others threads of their own.
  explicit PhaseWorkers(unsigned count);
  ~PhaseWorkers();
  PhaseWorkers(const PhaseWorkers&) = delete;
  PhaseWorkers& operator=(const PhaseWorkers&) = delete;

  unsigned count() const { return static_cast<unsigned>(threads_.size()) + 1; }

  /// Runs `part(w)` on worker w for every w and returns when all are done; rethrows the first
  /// exception a part threw.
  void run(const std::function<void(unsigned)>& part);

private:
  void loop(unsigned worker);
  void run_part(unsigned worker);

  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable finished_;
  const std::function<void(unsigned)>* part_ = nullptr;
  std::uint64_t generation_ = 0;
  unsigned pending_ = 0;
  bool stopping_ = false;
  std::exception_ptr error_;
  std::vector<std::thread> threads_;
};

/// The process's phase workers, `count` of them (made anew when another count is asked for),
/// with the lock that reserves them: one user at a time.
std::pair<PhaseWorkers*, std::unique_lock<std::mutex>> acquire_phase_workers(unsigned count);

} // namespace battgpu::runtime::detail
