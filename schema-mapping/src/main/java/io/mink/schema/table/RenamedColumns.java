package io.mink.schema.table;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.types.Types;

/**
 * The columns that keep a field's values of an earlier type after its type changed: the old column
 * renamed {@code {name}_s{N}}, N being the id of the last Iceberg schema in which it was
 * {@code {name}}. Its doc says so ("'name' up to schema N"), which tells it apart from a column a
 * source schema itself names like that.
 */
final class RenamedColumns {
  private static final Pattern NAME = Pattern.compile("(.+)_s(\\d+)");

  private RenamedColumns() {}

  static String name(String name, int schemaId) {
    return name + "_s" + schemaId;
  }

  static String doc(String name, int schemaId, String previousDoc) {
    String marker = marker(name, schemaId);
    return previousDoc == null || previousDoc.isEmpty() ? marker : marker + ": " + previousDoc;
  }

  static boolean isRenamed(Types.NestedField column) {
    Matcher matcher = NAME.matcher(column.name());
    if (!matcher.matches() || column.doc() == null) {
      return false;
    }
    String marker = marker(matcher.group(1), schemaIdOf(matcher.group(2)));
    return column.doc().equals(marker) || column.doc().startsWith(marker + ": ");
  }

  /** The columns of the struct that keep earlier values of {@code name}, newest first. */
  static List<Types.NestedField> of(Types.StructType struct, String name) {
    List<Types.NestedField> renamed = new ArrayList<>();
    for (Types.NestedField column : struct.fields()) {
      Matcher matcher = NAME.matcher(column.name());
      if (matcher.matches() && matcher.group(1).equals(name) && isRenamed(column)) {
        renamed.add(column);
      }
    }
    renamed.sort(Comparator.comparingInt(RenamedColumns::schemaId).reversed());
    return renamed;
  }

  private static int schemaId(Types.NestedField column) {
    Matcher matcher = NAME.matcher(column.name());
    return matcher.matches() ? schemaIdOf(matcher.group(2)) : -1;
  }

  private static int schemaIdOf(String digits) {
    try {
      return Integer.parseInt(digits);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String marker(String name, int schemaId) {
    return "'" + name + "' up to schema " + schemaId;
  }
}
