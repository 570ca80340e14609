// check::annotate on its own output: what an earlier run wrote (listed in its SGFANNOTATE
// property) is replaced, never added to, and what the record's author wrote is never removed.
#include "lib/check/annotate.h"
#include "lib/sgf/values.h"
#include "lib/sgf/writer.h"
#include "parsers/sgf/parse.h"
#include "tests/support/files.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace sgf;

std::string testdata(const std::string &name) {
  return testing_support::read_file(std::string(SGF_TESTDATA) + "/check/" + name);
}

std::string annotated(const std::string &sgf, const check::AnnotateOptions &options) {
  WriteOptions layout;
  layout.canonical_header = false;
  return write_sgf(check::annotate(parse_sgf(sgf), options).collection, layout);
}

std::string comment_of(const std::string &sgf, size_t node) {
  const ParseResult parsed = parse_sgf(sgf);
  const Property *c = parsed.collection.games.at(0).nodes.at(node).find("C");
  return c ? to_text(c->values.at(0).text) : "";
}

TEST(AnnotateMarks, SecondRunGivesTheSameBytes) {
  check::AnnotateOptions options;
  options.fix_result = true;
  // A record with an author's comment and cross on the node that gets a finding.
  std::string record = testdata("errors.sgf");
  record.replace(record.find(";W[ee]"), 6, ";W[ee]C[The author's words]MA[aa]");
  const std::string once = annotated(record, options);
  ASSERT_NE(once.find("error[occupied"), std::string::npos) << once;
  EXPECT_EQ(annotated(once, options), once);
  // The wrong winner rewritten, the old RE kept for the next run to see again.
  const std::string fixed = annotated(testdata("counted-wrong-winner.sgf"), options);
  ASSERT_NE(fixed.find("RE[B+13.5]"), std::string::npos);
  EXPECT_NE(fixed.find("RE=W+13.50"), std::string::npos);
  EXPECT_EQ(annotated(fixed, options), fixed);
  // Without the score, the count's comment and territory go away again.
  const std::string findings_only = annotated(fixed, check::AnnotateOptions{{}, false, false});
  EXPECT_EQ(findings_only.find("score"), std::string::npos);
  EXPECT_EQ(findings_only.find("TB["), std::string::npos);
  EXPECT_NE(findings_only.find("RE[W+13.50]"), std::string::npos) << "the record's RE restored";
}

TEST(AnnotateMarks, TheAuthorsTextIsNeverRemoved) {
  std::string record = testdata("errors.sgf");
  record.replace(record.find(";W[ee]"), 6, ";W[ee]C[The author's words]MA[ee]");
  const std::string once = annotated(record, {});
  EXPECT_EQ(comment_of(once, 2).rfind("The author's words\n\nsgf annotate: ", 0), 0u)
      << comment_of(once, 2);
  // The author's cross on the move was there already: not listed, so kept by the next run.
  const std::string twice = annotated(once, check::AnnotateOptions{{}, false, false});
  EXPECT_NE(twice.find("MA[ee]"), std::string::npos);
  // A comment edited since the first run (annotate's text no longer where it was) is the
  // author's now: kept whole, the new findings added after it.
  std::string edited = once;
  edited.replace(edited.find("sgf annotate: error[occupied"), 12, "my own note");
  const std::string after_edit = comment_of(annotated(edited, {}), 2);
  EXPECT_EQ(after_edit.rfind("The author's words\n\nmy own note", 0), 0u) << after_edit;
  EXPECT_NE(after_edit.find("sgf annotate: error[occupied"), std::string::npos) << after_edit;
}

TEST(AnnotateMarks, ReplacedValuesComeBackAsStored) {
  // As an earlier --fix-result leaves a record whose RE held an escaped ']': the old value is
  // listed raw, and comes back raw.
  const std::string earlier = "(;GM[1]SZ[9]RE[B+3.5]C[sgf annotate: RE was]"
                              "SGFANNOTATE[C][RE=W+R \\] said the referee \\\\])";
  const std::string again = annotated(earlier, check::AnnotateOptions{{}, false, false});
  EXPECT_EQ(again.rfind("(;GM[1]SZ[9]RE[W+R \\] said the referee \\\\]\n", 0), 0u) << again;
  EXPECT_EQ(again.find("RE was"), std::string::npos) << again;
}

} // namespace
