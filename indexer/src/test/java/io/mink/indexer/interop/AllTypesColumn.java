package io.mink.indexer.interop;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A column of the all-types table: its name, its Iceberg type as docs/type-mapping.md writes it (without the
 * top-level {@code optional}: in a table that several schemas fill every column is optional), and what Spark
 * reads in it for each record of the language that fills it, in the order they were produced.
 */
record AllTypesColumn(String name, String icebergType, List<Object> sparkValues) {
  AllTypesColumn {
    sparkValues = Collections.unmodifiableList(new ArrayList<>(sparkValues));
  }
}
