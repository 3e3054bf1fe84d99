#include "Templates.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"

namespace battgpu::rewrite {
namespace {
struct Embedded {
  const char* name;
  const char* text;
};
const Embedded Templates[] = {
#include "EmbeddedTemplates.inc"
};
} // namespace

llvm::StringRef templateSection(llvm::StringRef name, llvm::StringRef section) {
  for (const Embedded& t : Templates) {
    if (name != t.name)
      continue;
    llvm::StringRef text = t.text;
    std::string header = "@@ " + section.str() + "\n";
    size_t at = text.find(header);
    while (at != llvm::StringRef::npos && at != 0 && text[at - 1] != '\n')
      at = text.find(header, at + 1);
    if (at == llvm::StringRef::npos)
      return {};
    llvm::StringRef body = text.substr(at + header.size());
    size_t next = body.find("\n@@ ");
    return next == llvm::StringRef::npos ? body : body.substr(0, next + 1);
  }
  return {};
}

std::string templateValue(llvm::StringRef name, llvm::StringRef section) {
  llvm::StringRef text = templateSection(name, section).rtrim("\r\n");
  if (text.empty())
    llvm::report_fatal_error(llvm::Twine("battgpu-rewrite: no template section ") + name + " " +
                             section);
  return text.str();
}

std::string renderTemplate(llvm::StringRef text, const llvm::StringMap<std::string>& values,
                           llvm::StringRef eol, llvm::StringMap<unsigned>* positions) {
  std::string out;
  out.reserve(text.size() * 2);
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '$' && i + 1 < text.size() && text[i + 1] == '{') {
      size_t close = text.find('}', i + 2);
      if (close == llvm::StringRef::npos)
        llvm::report_fatal_error("battgpu-rewrite: unterminated placeholder in a template");
      llvm::StringRef key = text.slice(i + 2, close);
      auto it = values.find(key);
      if (it == values.end())
        llvm::report_fatal_error(llvm::Twine("battgpu-rewrite: no value for template key ") + key);
      if (positions && !positions->count(key))
        (*positions)[key] = static_cast<unsigned>(out.size());
      out += it->second;
      i = close + 1;
    } else if (c == '\n') {
      out += eol;
      ++i;
    } else {
      out += c;
      ++i;
    }
  }
  return out;
}

} // namespace battgpu::rewrite
