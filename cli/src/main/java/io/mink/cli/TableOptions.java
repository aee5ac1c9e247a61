package io.mink.cli;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.Durations;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.PartitionSpecs;
import io.mink.lake.PartitionTerm;
import io.mink.registry.TableDescriptor;
import io.mink.schema.KafkaColumns;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.iceberg.PartitionSpec;

/**
 * The checks of what {@code mink table add} and {@code mink table alter} are given: identifiers, freshness and the
 * table options recorded with a table. A failed check is a usage error whose message says what to use.
 */
final class TableOptions {
  /** The option that {@code --auto-compaction} sets, stored as the table property mink.auto-compaction. */
  static final String AUTO_COMPACTION = "auto-compaction";

  private TableOptions() {}

  /** A namespace or table name: letters, digits and '_', not starting with a digit. */
  static String identifier(String value, String what, String advice) {
    if (!TableDescriptor.isValidIdentifier(value)) {
      throw new CommandFailure(ExitCode.USAGE, "Invalid " + what + " '" + value
          + "': use letters, digits and '_', starting with a letter or '_'" + advice);
    }
    return value;
  }

  static Duration freshness(String text) {
    return duration(text, "--freshness");
  }

  /** A duration option such as --wait or --interval. */
  static Duration duration(String text, String option) {
    try {
      return Durations.parse(text, option);
    } catch (ConfigException e) {
      throw new CommandFailure(ExitCode.USAGE, e.getMessage(), e);
    }
  }

  /** The --unset-option names, checked to be iceberg.* options. */
  static List<String> icebergKeys(List<String> given) {
    for (String key : given) {
      if (!key.startsWith(MinkTableLayout.ICEBERG_OPTION_PREFIX)) {
        throw new CommandFailure(ExitCode.USAGE, "Unknown table option '" + key + "': --unset-option takes "
            + "iceberg.<property>, such as iceberg.write.parquet.row-group-size-bytes (docs/layout.md)");
      }
    }
    return List.copyOf(given);
  }

  /** The --option KEY=VALUE pairs, checked to be iceberg.* options. */
  static Map<String, String> icebergOptions(Map<String, String> given) {
    Map<String, String> options = new TreeMap<>();
    given.forEach((key, value) -> {
      if (!key.startsWith(MinkTableLayout.ICEBERG_OPTION_PREFIX)) {
        throw new CommandFailure(ExitCode.USAGE, "Unknown table option '" + key + "': --option takes "
            + "iceberg.<property>=<value>, such as iceberg.format-version=3 or "
            + "iceberg.write.parquet.row-group-size-bytes=67108864 (docs/layout.md)");
      }
      options.put(key, value);
    });
    return options;
  }

  /** Checks the values Mink depends on, such as the format version and the file format. */
  static void check(Map<String, String> tableOptions) {
    try {
      MinkTableLayout.checkOptions(tableOptions);
    } catch (IllegalArgumentException e) {
      throw new CommandFailure(ExitCode.USAGE, e.getMessage(), e);
    }
  }

  /**
   * The spec of a new table with the --partition-by fields, recording them in {@code tableOptions} as
   * partition-by when there are any.
   */
  static PartitionSpec newTableSpec(List<String> partitionBy, Map<String, String> tableOptions) {
    try {
      List<PartitionTerm> fields = PartitionSpecs.parse(partitionBy);
      PartitionSpec spec = PartitionSpecs.forNewTable(KafkaColumns.SCHEMA, fields);
      if (!fields.isEmpty()) {
        tableOptions.put(MinkTableLayout.PARTITION_BY_OPTION,
            String.join(", ", fields.stream().map(PartitionTerm::toString).toList()));
      }
      return spec;
    } catch (IllegalArgumentException e) {
      throw new CommandFailure(ExitCode.USAGE, e.getMessage(), e);
    }
  }

  /** The descriptor's options and the freshness: what the table's mink.* and iceberg properties come from. */
  static Map<String, String> withFreshness(TableDescriptor descriptor) {
    Map<String, String> tableOptions = new TreeMap<>(descriptor.options());
    tableOptions.put("freshness", Durations.format(descriptor.freshness()));
    return tableOptions;
  }
}
