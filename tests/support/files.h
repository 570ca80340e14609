// File helpers every test folder shares (header only: tests/support builds no executable).
#pragma once

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace sgf::testing_support {

// The whole file as bytes; empty when it cannot be read.
inline std::string read_file(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

} // namespace sgf::testing_support
