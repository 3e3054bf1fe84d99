#include "output_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

#include <fcntl.h>
#include <unistd.h>

namespace battgpu::driver {
namespace {
/// Text is handed to the kernel in pieces of about this size.
constexpr std::size_t kBufferBytes = std::size_t{1} << 20;
} // namespace

OutputFile::~OutputFile() {
  if (fd_ >= 0)
    ::close(fd_);
  if (!temp_.empty())
    ::unlink(temp_.c_str());
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
  if (problem_.empty())
    temp_.clear(); // in place: nothing to remove
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
