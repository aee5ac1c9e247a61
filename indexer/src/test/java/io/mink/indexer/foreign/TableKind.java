package io.mink.indexer.foreign;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** The four kinds of table the foreign-writers suite runs Spark on: append and upsert, Iceberg format 2 and 3. */
enum TableKind {
  /** An append table with auto-compaction, so Mink rewrites small files too, beside Spark's rewrites. */
  APPEND_V2(
      "append v2", false, 2, Map.of("iceberg.format-version", "2", "auto-compaction", "true")),
  APPEND_V3("append v3", false, 3, Map.of("iceberg.format-version", "3")),
  UPSERT_V2("upsert v2", true, 2, Map.of("mode", "upsert", "iceberg.format-version", "2")),
  UPSERT_V3("upsert v3", true, 3, Map.of("mode", "upsert", "iceberg.format-version", "3"));

  final String label;
  final boolean upsert;
  final int formatVersion;
  final Map<String, String> options;

  TableKind(String label, boolean upsert, int formatVersion, Map<String, String> options) {
    this.label = label;
    this.upsert = upsert;
    this.formatVersion = formatVersion;
    this.options = options;
  }

  /** The procedures that make sense on this kind: position delete files and their partition scope are format 2's. */
  List<ForeignProcedure> procedures() {
    return Arrays.stream(ForeignProcedure.values())
        .filter(procedure -> formatVersion == 2 || !procedure.formatTwoOnly)
        .toList();
  }
}
