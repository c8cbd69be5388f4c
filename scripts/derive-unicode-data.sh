#!/usr/bin/env bash
# data/unicode/UnicodeData-fields.txt from data/unicode/UnicodeData.txt (Unicode 17.0.0): the
# same lines and fields with the character names emptied (field 1, except the `<...>` range
# and control markers, and field 10, the Unicode 1 name). build.rs reads only the code point,
# general category, combining class and decomposition, and the names are half the file: the
# package ships this one (the package under 4 MiB) and the repository keeps both.
# tests/idna_mapping_table.rs checks that the two agree.
set -euo pipefail
cd "$(dirname "$0")/../data/unicode"
awk 'BEGIN { FS = OFS = ";" } { if ($2 !~ /^</) $2 = ""; $11 = ""; print }' UnicodeData.txt \
    > UnicodeData-fields.txt
