package io.mink.query.read;

import io.mink.indexer.errors.MinkException;
import io.mink.schema.KafkaColumns;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * The columns a read returns and the ones it reads to evaluate its filter, matched to the read schema by name, case
 * insensitively. Pure.
 *
 * @param requested the columns asked for, in order; empty for all
 * @param filtered the top-level columns read besides those asked for: those the filter names and, for a merge by
 *     key, the key and offset columns
 */
record ReadColumns(List<String> requested, Set<String> filtered) {
  /** The columns a merge by key reads in every batch of the lake and the tail. */
  static final Set<String> MERGE_COLUMNS = Set.of(KafkaColumns.KEY, KafkaColumns.OFFSET);

  ReadColumns {
    requested = List.copyOf(requested);
    filtered = Set.copyOf(filtered);
  }

  /**
   * @param output the columns returned, in the order asked for
   * @param scan the columns read: those returned and those the filter needs, in the read schema's order
   * @param lake the columns of {@code scan} the lake snapshot has, with the snapshot's types
   */
  record Resolved(Schema output, Schema scan, Schema lake) {}

  static ReadColumns requested(ReadRequest request) {
    return new ReadColumns(request.columns(), FilterColumns.of(request.filter()));
  }

  /** The columns of the request, with the key and offset columns when the read merges by key. */
  static ReadColumns requested(ReadRequest request, boolean mergesByKey) {
    ReadColumns columns = requested(request);
    if (!mergesByKey) {
      return columns;
    }
    Set<String> read = new LinkedHashSet<>(columns.filtered());
    read.addAll(MERGE_COLUMNS);
    return new ReadColumns(columns.requested(), read);
  }

  /** The names, in lower case, of the columns the tail keeps; empty to keep every column. */
  Set<String> tailColumns() {
    if (requested.isEmpty()) {
      return Set.of();
    }
    Set<String> names = new LinkedHashSet<>();
    requested.forEach(name -> names.add(name.toLowerCase(Locale.ROOT)));
    filtered.forEach(name -> names.add(name.toLowerCase(Locale.ROOT)));
    return names;
  }

  Resolved resolve(Schema read, Schema lakeSchema, String table) {
    Schema output = requested.isEmpty() ? read : output(read, table);
    Set<String> needed = tailColumns();
    Schema scan = requested.isEmpty()
        ? read
        : new Schema(read.columns().stream()
            .filter(column -> needed.contains(column.name().toLowerCase(Locale.ROOT)))
            .toList());
    List<Types.NestedField> lake = new ArrayList<>();
    for (Types.NestedField column : lakeSchema.columns()) {
      if (scan.findField(column.fieldId()) != null) {
        lake.add(column);
      }
    }
    return new Resolved(output, scan, new Schema(lake));
  }

  private Schema output(Schema read, String table) {
    List<Types.NestedField> columns = new ArrayList<>();
    Set<String> unknown = new TreeSet<>();
    for (String name : requested) {
      Types.NestedField column = read.columns().stream()
          .filter(field -> field.name().equalsIgnoreCase(name))
          .findFirst()
          .orElse(null);
      if (column == null) {
        unknown.add(name);
      } else if (!columns.contains(column)) {
        columns.add(column);
      }
    }
    if (!unknown.isEmpty()) {
      throw MinkException.user(
          "--columns names " + String.join(", ", unknown) + ", which table " + table
              + " does not have; its columns are "
              + String.join(
                  ", ", read.columns().stream().map(Types.NestedField::name).toList()));
    }
    return new Schema(columns);
  }
}
