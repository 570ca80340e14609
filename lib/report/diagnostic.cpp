#include "lib/report/diagnostic.h"

#include <algorithm>

namespace sgf {

const char *to_string(Severity severity) {
  switch (severity) {
  case Severity::note:
    return "note";
  case Severity::warning:
    return "warning";
  case Severity::error:
    return "error";
  }
  return "error";
}

bool has_error(const Diagnostics &diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(),
                     [](const Diagnostic &d) { return d.severity == Severity::error; });
}

Diagnostic make_diagnostic(Severity severity, std::string code, std::string message) {
  Diagnostic d;
  d.severity = severity;
  d.code = std::move(code);
  d.message = std::move(message);
  return d;
}

} // namespace sgf
