#include "tools/charset_option.h"

namespace sgf::tools {

void add_charset_option(CLI::App &app, std::string &charset) {
  app.add_option("--charset", charset,
                 "Read every record in this charset (an iconv name such as GB18030, CP949 or "
                 "Shift_JIS) whatever its CA says")
      ->type_name("NAME");
}

} // namespace sgf::tools
