#include "lib/sgf/writer.h"

#include <algorithm>
#include <array>
#include <string_view>

namespace sgf {

namespace {

// Properties that may sit in a node packed with other moves: the move and its clock.
bool is_move_property(std::string_view id) {
  static constexpr std::array<std::string_view, 8> ids = {"B",  "W",  "BL", "WL",
                                                          "OB", "OW", "MN", "KO"};
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

bool has_line_break(std::string_view s) {
  return s.find_first_of("\r\n") != s.npos;
}

bool is_move_node(const Node &node) {
  for (const Property &p : node.properties) {
    if (!is_move_property(p.id))
      return false;
    for (const Value &v : p.values)
      if (has_line_break(v.text))
        return false;
  }
  return true;
}

// The value's raw text, made safe to put between brackets: a ']' that is not escaped gets a
// backslash, and so does a trailing lone backslash.
std::string bracketed(std::string_view raw) {
  std::string out;
  out.reserve(raw.size() + 2);
  out += '[';
  for (size_t i = 0; i < raw.size(); ++i) {
    char c = raw[i];
    if (c == '\\') {
      if (i + 1 < raw.size()) {
        out += c;
        out += raw[++i];
      } else {
        out += "\\\\";
      }
      continue;
    }
    if (c == ']')
      out += '\\';
    out += c;
  }
  out += ']';
  return out;
}

class Writer {
public:
  explicit Writer(const WriteOptions &options) : options_(options) {}

  void game(const Game &game) {
    if (column_ != 0)
      newline();
    if (game.empty()) {
      put("()");
      newline();
      return;
    }
    // Each entry opens a variation at a node, or (no_node) closes the enclosing one.
    std::vector<NodeIndex> stack = {0};
    bool root = true;
    while (!stack.empty()) {
      NodeIndex n = stack.back();
      stack.pop_back();
      if (n == no_node) {
        put(")");
        continue;
      }
      if (column_ != 0)
        newline();
      put("(");
      after_block_ = false;
      for (;;) {
        if (root) {
          root_node(game.nodes[n]);
          root = false;
        } else {
          node(game.nodes[n]);
        }
        NodeIndex child = game.nodes[n].first_child;
        if (child == no_node) {
          put(")");
          break;
        }
        if (game.nodes[child].next_sibling == no_node) {
          n = child;
          continue;
        }
        stack.push_back(no_node);
        size_t first = stack.size();
        for (NodeIndex c = child; c != no_node; c = game.nodes[c].next_sibling)
          stack.push_back(c);
        std::reverse(stack.begin() + static_cast<std::ptrdiff_t>(first), stack.end());
        break;
      }
    }
    newline();
  }

  std::string take() { return std::move(out_); }

private:
  void root_node(const Node &root) {
    if (!options_.canonical_header) {
      node(root);
      return;
    }
    Node copy;
    copy.properties = root.properties;
    canonicalise_root(copy);
    node(copy);
  }

  void node(const Node &node) {
    if (is_move_node(node) && !after_block_) {
      std::string text = ";";
      for (const Property &p : node.properties) {
        text += p.id;
        append_values(text, p);
      }
      if (column_ > 1 && column_ + width(text) > options_.line_width)
        newline();
      put(text);
      return;
    }
    if (is_move_node(node)) { // after a block node: start afresh, then pack again
      if (column_ > 1)
        newline();
      after_block_ = false;
      this->node(node);
      return;
    }
    if (column_ > 1) // a '(' alone may precede the node on its line
      newline();
    put(";");
    for (const Property &p : node.properties) {
      std::string text = p.id;
      size_t values = 0;
      for (const Value &v : p.values) {
        std::string one = bracketed(v.text);
        // Break long lists between values; a property's first value stays with its name.
        if (values > 0 && column_ + width(text) + width(one) > options_.line_width) {
          put(text);
          newline();
          text.clear();
        }
        text += one;
        ++values;
      }
      if (p.values.empty())
        text += "[]";
      size_t first_line = text.find_first_of("\r\n");
      int w = width(std::string_view(text).substr(0, first_line));
      if (column_ > 1 && column_ + w > options_.line_width)
        newline();
      put(text);
    }
    after_block_ = true;
  }

  static void append_values(std::string &text, const Property &p) {
    for (const Value &v : p.values)
      text += bracketed(v.text);
    if (p.values.empty())
      text += "[]";
  }

  // Width in code points: continuation bytes do not count.
  static int width(std::string_view s) {
    return static_cast<int>(
        std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
  }

  void put(std::string_view s) {
    out_ += s;
    size_t last = s.find_last_of("\r\n");
    if (last == s.npos)
      column_ += width(s);
    else
      column_ = width(s.substr(last + 1));
  }

  void newline() {
    out_ += '\n';
    column_ = 0;
  }

  const WriteOptions &options_;
  std::string out_;
  int column_ = 0;
  bool after_block_ = false; // the last node written was not a move node
};

} // namespace

void canonicalise_root(Node &root) {
  auto set = [](Property &p, const char *value) {
    p.values.resize(1);
    p.values.front().text = value;
  };
  bool has_ff = false, has_ca = false;
  for (Property &p : root.properties) {
    if (p.id == "FF") {
      set(p, "4");
      has_ff = true;
    } else if (p.id == "CA") {
      set(p, "UTF-8");
      has_ca = true;
    }
  }
  auto make = [](const char *id, const char *value) {
    Property p;
    p.id = id;
    p.values.emplace_back().text = value;
    return p;
  };
  auto after = [&](std::string_view id) {
    auto it = std::find_if(root.properties.begin(), root.properties.end(),
                           [&](const Property &p) { return p.id == id; });
    return it == root.properties.end() ? root.properties.begin() : it + 1;
  };
  if (!has_ff)
    root.properties.insert(after("GM"), make("FF", "4"));
  if (!has_ca)
    root.properties.insert(has_ff ? after("FF") : after("GM") + 1, make("CA", "UTF-8"));
}

std::string write_sgf(const Game &game, const WriteOptions &options) {
  Writer writer(options);
  writer.game(game);
  return writer.take();
}

std::string write_sgf(const Collection &collection, const WriteOptions &options) {
  Writer writer(options);
  for (const Game &game : collection.games)
    writer.game(game);
  return writer.take();
}

} // namespace sgf
