// A sample of real records for the collection tests: the first records of each archive of
// SGF_CORPUS/big (professional, KGS and AI games), parsed. Empty when the corpus is absent.
#pragma once

#include "lib/batch/inputs.h"
#include "parsers/sgf/parse.h"

#include <filesystem>
#include <string>
#include <vector>

namespace sgf::testing_support {

struct SampleGame {
  std::string name;
  Game game;
};

// Every game of the records under `folder` (files, folders or archives), parsed.
inline std::vector<SampleGame> read_games(const std::filesystem::path &folder) {
  std::vector<SampleGame> games;
  batch::InputSpec spec;
  spec.paths = {folder.string()};
  batch::RecordSource source(spec);
  while (auto record = source.next()) {
    if (record->error)
      continue;
    ParseResult parsed = parse_sgf(record->bytes);
    for (Game &game : parsed.collection.games)
      games.push_back({record->name, std::move(game)});
  }
  return games;
}

inline std::vector<SampleGame> corpus_sample(size_t per_archive) {
  std::vector<SampleGame> sample;
  const std::filesystem::path big = std::filesystem::path(SGF_CORPUS) / "big";
  for (const char *archive : {"pro-cwi.tar.xz", "kgs-6d.tar.bz2", "ai.zip"}) {
    if (!std::filesystem::exists(big / archive))
      return {};
    batch::InputSpec spec;
    spec.paths = {(big / archive).string()};
    batch::RecordSource source(spec);
    size_t taken = 0;
    while (taken < per_archive) {
      auto record = source.next();
      if (!record)
        break;
      if (record->error)
        continue;
      ParseResult parsed = parse_sgf(record->bytes);
      if (!parsed.ok())
        continue;
      for (Game &game : parsed.collection.games)
        sample.push_back({record->name, std::move(game)});
      ++taken;
    }
  }
  return sample;
}

} // namespace sgf::testing_support
