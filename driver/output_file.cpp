#include "output_file.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

namespace battgpu::driver {
namespace {
/// Text is handed to the kernel in pieces of about this size.
constexpr std::size_t kBufferBytes = std::size_t{1} << 20;

// The temporary files open now, removed by a run stopped with Ctrl-C (SIGINT), SIGTERM or
// SIGHUP before it could commit them: the handler unlinks them (unlink is async-signal-safe)
// and then dies of the signal as it would have.
constexpr int kTracked = 8;
constexpr std::size_t kPathBytes = 4096;
char g_temp_paths[kTracked][kPathBytes];
std::atomic<bool> g_temp_used[kTracked];

extern "C" void remove_temporaries_and_die(int signal) {
  for (int k = 0; k < kTracked; ++k)
    if (g_temp_used[k].load())
      ::unlink(g_temp_paths[k]);
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void install_handlers_once() {
  static const bool installed = [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old{};
      // A signal the caller ignores (nohup) stays ignored.
      if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN)
        continue;
      struct sigaction action{};
      action.sa_handler = remove_temporaries_and_die;
      sigemptyset(&action.sa_mask);
      ::sigaction(sig, &action, nullptr);
    }
    return true;
  }();
  (void)installed;
}

/// The slot `path` is tracked in, or -1 (too long, or every slot taken: not tracked).
int track(const std::string& path) {
  if (path.size() >= kPathBytes)
    return -1;
  install_handlers_once();
  for (int k = 0; k < kTracked; ++k) {
    if (g_temp_used[k].load())
      continue;
    std::memcpy(g_temp_paths[k], path.c_str(), path.size() + 1);
    g_temp_used[k].store(true);
    return k;
  }
  return -1;
}

void untrack(int slot) {
  if (slot >= 0)
    g_temp_used[slot].store(false);
}
} // namespace

OutputFile::~OutputFile() {
  if (fd_ >= 0)
    ::close(fd_);
  if (!temp_.empty())
    ::unlink(temp_.c_str());
  untrack(tracked_);
}

std::string OutputFile::open(const std::string& path) {
  namespace fs = std::filesystem;
  const fs::path target(path);
  std::error_code ec;
  if (fs::is_directory(target, ec))
    return path + " is a directory";
  std::string name = ".";
  name += target.filename().string();
  name += ".tmp.";
  name += std::to_string(::getpid());
  const fs::path temp = target.parent_path() / name;
  fd_ = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd_ < 0)
    return "cannot create " + temp.string() + ": " + std::strerror(errno);
  path_ = path;
  temp_ = temp.string();
  tracked_ = track(temp_);
  buffer_.reserve(kBufferBytes);
  return "";
}

void OutputFile::fail(const char* what) {
  if (problem_.empty())
    problem_ = std::string(what) + " " + temp_ + ": " + std::strerror(errno);
}

void OutputFile::flush() {
  const char* data = buffer_.data();
  std::size_t left = buffer_.size();
  while (left > 0 && problem_.empty()) {
    const ssize_t n = ::write(fd_, data, left);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0) {
      fail("cannot write");
      break;
    }
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  buffer_.clear();
}

void OutputFile::write(std::string_view text) {
  if (fd_ < 0 || !problem_.empty())
    return;
  buffer_ += text;
  if (buffer_.size() >= kBufferBytes)
    flush();
}

std::string OutputFile::commit() {
  if (fd_ < 0)
    return problem_.empty() ? "the file was not opened" : problem_;
  flush();
  if (problem_.empty() && ::fsync(fd_) != 0)
    fail("cannot sync");
  if (::close(fd_) != 0)
    fail("cannot close");
  fd_ = -1;
  if (problem_.empty() && ::rename(temp_.c_str(), path_.c_str()) != 0)
    problem_ = "cannot rename " + temp_ + " to " + path_ + ": " + std::strerror(errno);
  if (!problem_.empty())
    ::unlink(temp_.c_str());
  temp_.clear(); // in place, or removed

  untrack(tracked_);
  tracked_ = -1;
  return problem_;
}

std::string write_file_atomically(const std::string& path, const std::string& content) {
  OutputFile file;
  if (std::string problem = file.open(path); !problem.empty())
    return problem;
  file.write(content);
  return file.commit();
}

} // namespace battgpu::driver
