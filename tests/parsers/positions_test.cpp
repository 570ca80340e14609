// Every node, property and value points at its own token: the character at its (line, column) in
// the UTF-8 text is the ';', the identifier's first letter, the '['. Lines end at "\n", "\r\n" or
// a lone "\r"; columns count code points.
#include "parsers/sgf/charset.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace sgf {
namespace {

using sgf::testing_support::read_file;

// The text cut into lines, each line into code points (as byte strings), independently of the
// parser's own position tracking.
std::vector<std::vector<std::string>> lines_of(std::string_view text) {
  std::vector<std::vector<std::string>> lines(1);
  for (size_t i = 0; i < text.size();) {
    char c = text[i];
    if (c == '\n' || c == '\r') {
      i += c == '\r' && i + 1 < text.size() && text[i + 1] == '\n' ? 2 : 1;
      lines.emplace_back();
      continue;
    }
    size_t n = 1;
    while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80)
      ++n;
    lines.back().emplace_back(text.substr(i, n));
    i += n;
  }
  return lines;
}

std::string char_at(const std::vector<std::vector<std::string>> &lines, SourcePos pos) {
  if (pos.line < 1 || pos.line > lines.size() || pos.col < 1 ||
      pos.col > lines[pos.line - 1].size())
    return "<outside the text>";
  return lines[pos.line - 1][pos.col - 1];
}

// Checks every position of every game; returns the number of positions checked.
size_t check_positions(std::string_view bytes, const std::string &name) {
  DecodedText decoded = decode_to_utf8(bytes);
  auto lines = lines_of(decoded.text);
  ParseResult r = parse_sgf(bytes);
  size_t checked = 0;
  for (const Game &game : r.collection.games) {
    EXPECT_EQ(char_at(lines, game.pos), "(") << name;
    for (const Node &node : game.nodes) {
      std::string at_node = char_at(lines, node.pos);
      // A node whose ';' is missing (a repair) starts at its first identifier.
      if (at_node != ";") {
        EXPECT_TRUE(!node.properties.empty() && at_node.size() == 1 &&
                    std::isalpha(static_cast<unsigned char>(at_node[0])))
            << name << " node at " << node.pos.line << ":" << node.pos.col;
      }
      for (const Property &p : node.properties) {
        std::string first = char_at(lines, p.pos);
        // The canonical id drops lowercase letters ("AddBlack" is AB, "nolowercaseW" is W).
        EXPECT_TRUE(first.size() == 1 &&
                    (std::islower(static_cast<unsigned char>(first[0])) || first[0] == p.id[0]))
            << name << " " << p.id << " at " << p.pos.line << ":" << p.pos.col << " is " << first;
        for (const Value &v : p.values) {
          EXPECT_EQ(char_at(lines, v.pos), "[")
              << name << " " << p.id << "[" << v.text.substr(0, 20) << "] at " << v.pos.line << ":"
              << v.pos.col;
          ++checked;
        }
        ++checked;
      }
      ++checked;
    }
  }
  return checked;
}

TEST(Positions, LineBreaksOfEveryKind) {
  // "\n", "\r\n" and a lone "\r", non-ASCII text before tokens on the same line, a value over
  // several lines, and a position queried after a later one (a diagnostic on an earlier token).
  for (std::string_view text :
       {"(;GM[1]FF[4]\n;B[aa]\n;W[bb])", "(;GM[1]FF[4]\r\n;B[aa]\r\n;W[bb]\r\n)",
        "(;GM[1]FF[4]\r;B[aa]\r;W[bb]\r)",
        "(;GM[1]\n C[棋\nsecond line 碁]\n PB[李世乭] PW[이세돌];B[aa]\n;W[bb])",
        "(;GM[1]C[é\r\nà]\r;B[aa]C[ü\r]\n;W[bb]\n(;B[cc])(;B[dd]))",
        "(;GM[1]\n;B[aa]\n;W[bb]\n)\n(;GM[1]\n;B[cc]\n)", "(;B[aa]\n;W[bb]\n;B[cc]bad;W[dd])"}) {
    EXPECT_GT(check_positions(text, std::string(text)), 5u);
  }
}

TEST(Positions, EncodedRecords) {
  size_t checked = 0;
  for (const auto &entry :
       std::filesystem::directory_iterator(std::string(SGF_TESTDATA) + "/parsers/encodings"))
    checked += check_positions(read_file(entry.path()), entry.path().filename().string());
  EXPECT_GT(checked, 1000u);
}

TEST(Positions, CorpusRecords) {
  // Legacy charsets, broken files (recovery), and real games with long comments.
  std::filesystem::path corpus = SGF_CORPUS;
  if (!std::filesystem::is_directory(corpus / "malformed"))
    GTEST_SKIP() << corpus << " is absent";
  size_t checked = 0;
  for (const char *folder : {"encodings", "malformed", "rules/cwi_unusual"})
    for (const auto &entry : std::filesystem::recursive_directory_iterator(corpus / folder))
      if (entry.is_regular_file() && entry.path().extension() == ".sgf")
        checked += check_positions(read_file(entry.path()), entry.path().string());
  EXPECT_GT(checked, 50000u);
}

} // namespace
} // namespace sgf
