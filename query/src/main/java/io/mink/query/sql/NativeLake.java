package io.mink.query.sql;

import io.mink.query.read.LakeFile;
import io.mink.query.read.LakeFiles;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The lake part of an append table's scan read by DuckDB itself, when every data file is a local Parquet file without
 * delete files and every column read is of a primitive type DuckDB reads as the Arrow stream gives it: {@code
 * read_parquet} over the planned files, columns matched by Iceberg field id (a file written before a column was added
 * reads it as NULL, a promoted type is cast). DuckDB then skips row groups and reads columns in parallel, which the
 * stream of batches cannot. Pure.
 */
final class NativeLake {
  private NativeLake() {}

  /** The relation of the files' rows in the columns, or empty when DuckDB cannot read them itself. */
  static Optional<String> relation(LakeFiles files, Schema columns, Path directory) {
    Set<String> paths = new LinkedHashSet<>();
    for (int partition : files.partitions()) {
      for (LakeFile file : files.of(partition)) {
        Optional<Path> local = local(file.task().file().location(), directory);
        if (local.isEmpty() || !file.task().deletes().isEmpty()) {
          return Optional.empty();
        }
        paths.add(local.get().toString());
      }
    }
    List<String> fields = new ArrayList<>();
    for (Types.NestedField column : columns.columns()) {
      Optional<String> type = duckdbType(column.type());
      if (type.isEmpty()) {
        return Optional.empty();
      }
      fields.add(column.fieldId() + ": {name: " + Identifiers.literal(column.name()) + ", type: "
          + Identifiers.literal(type.get()) + ", default_value: NULL}");
    }
    if (paths.isEmpty() || fields.isEmpty()) {
      return Optional.empty();
    }
    List<String> quoted = paths.stream().map(Identifiers::literal).toList();
    return Optional.of("(SELECT * FROM read_parquet([" + String.join(", ", quoted)
        + "], schema = MAP {" + String.join(", ", fields) + "}))");
  }

  /** The file's path when it lies in the directory; empty for any other place. */
  static Optional<Path> local(String location, Path directory) {
    String raw = location;
    if (raw.startsWith("file:")) {
      raw = raw.substring("file:".length());
      while (raw.startsWith("//")) {
        raw = raw.substring(1);
      }
    } else if (raw.contains("://")) {
      return Optional.empty();
    }
    Path path;
    try {
      path = Paths.get(raw).toAbsolutePath().normalize();
    } catch (java.nio.file.InvalidPathException unreadable) {
      return Optional.empty();
    }
    return path.startsWith(directory.toAbsolutePath().normalize())
        ? Optional.of(path)
        : Optional.empty();
  }

  /** The DuckDB type of a column as the Arrow stream of a split also types it; empty for nested and other types. */
  static Optional<String> duckdbType(Type type) {
    return Optional.ofNullable(
        switch (type.typeId()) {
          case BOOLEAN -> "BOOLEAN";
          case INTEGER -> "INTEGER";
          case LONG -> "BIGINT";
          case FLOAT -> "FLOAT";
          case DOUBLE -> "DOUBLE";
          case DATE -> "DATE";
          case TIME -> "TIME";
          case STRING -> "VARCHAR";
          case BINARY -> "BLOB";
          case DECIMAL -> {
            Types.DecimalType decimal = (Types.DecimalType) type;
            yield "DECIMAL(" + decimal.precision() + ", " + decimal.scale() + ")";
          }
          case TIMESTAMP ->
            ((Types.TimestampType) type).shouldAdjustToUTC() ? "TIMESTAMPTZ" : "TIMESTAMP";
          default -> null;
        });
  }
}
