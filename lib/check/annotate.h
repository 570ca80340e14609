// `sgf annotate` as edits of the tree: the findings of the check as comments and crosses on
// their nodes, the count as a comment and TB/TW on the final node, a corrected RE on request.
#pragma once

#include "lib/check/check.h"
#include "lib/report/diagnostic.h"
#include "lib/rules/profile.h"
#include "lib/score/score_game.h"
#include "lib/sgf/point.h"
#include "lib/sgf/tree.h"
#include "parsers/sgf/parse.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sgf::check {

// Appends `text` (plain) to the node's comment, after a blank line when there is one already.
void append_comment(Node &, const std::string &text);

// Adds points to a point-list property (MA, TB, TW), creating it when absent, skipping points
// it already lists (a point twice is a specification error).
void add_points(Node &, std::string_view id, const std::vector<Point> &, BoardSize);

// The count explained in words: result, each side's breakdown, dead stones, RE, dispute.
std::string score_text(const score::GameScore &);

// The private property in which annotate lists, on each node it annotates, what it wrote
// there, so that a later run removes it before annotating again: running annotate on its own
// output gives the same bytes.
inline constexpr std::string_view own_property = "SGFANNOTATE";

struct AnnotateOptions {
  rules::RulesRequest rules;   // --rules, --rule (checked by the caller beforehand)
  bool score = true;           // the count, the territory, the count's mismatch
  bool fix_result = false;     // rewrite RE when the count names the other winner
  bool convert_header = false; // the text was converted to UTF-8: FF[4] CA[UTF-8] in each root
};

struct Annotated {
  Collection collection; // the record with its annotations
  Diagnostics findings;  // what was written into it (notes are not: they are no problem)
  bool result_fixed = false;
};

// The record may be a part of one (parse_sgf_in_parts): its findings then name its games by their
// index in the whole, those about the file go on its first game, and `record`, one for all the
// parts in order, makes what concerns the record as a whole the record's (validate).
Annotated annotate(ParseResult, const AnnotateOptions &, RecordValidation *record = nullptr);

} // namespace sgf::check
