package io.mink.cli;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.Durations;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.PartitionSpecs;
import io.mink.lake.PartitionTerm;
import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.TimeOfDay;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.util.ArrayList;
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

  /** The option --option mink.time-as sets, recorded as the table option time-as. */
  static final String TIME_AS = MinkTableLayout.OPTION_PREFIX + MinkTableLayout.TIME_AS_OPTION;

  private static final String SET_HELP = "iceberg.<property>=<value>, such as iceberg.format-version=3 or "
      + "iceberg.write.parquet.row-group-size-bytes=67108864 (docs/layout.md), or " + TIME_AS + "=time|long|string "
      + "(docs/querying.md)";
  private static final String UNSET_HELP = "iceberg.<property>, such as iceberg.write.parquet.row-group-size-bytes "
      + "(docs/layout.md), or " + TIME_AS;

  /** The --unset-option names, checked to be iceberg.* options or mink.time-as, as the table records them. */
  static List<String> optionKeys(List<String> given) {
    List<String> keys = new ArrayList<>();
    for (String key : given) {
      keys.add(recordedKey(key, "--unset-option takes " + UNSET_HELP));
    }
    return List.copyOf(keys);
  }

  /** The --option KEY=VALUE pairs, checked to be iceberg.* options or mink.time-as, as the table records them. */
  static Map<String, String> tableOptions(Map<String, String> given) {
    Map<String, String> options = new TreeMap<>();
    given.forEach((key, value) -> {
      String recorded = recordedKey(key, "--option takes " + SET_HELP);
      if (recorded.equals(MinkTableLayout.TIME_AS_OPTION)) {
        try {
          value = TimeOfDay.parse(value).label();
        } catch (IllegalArgumentException e) {
          throw new CommandFailure(ExitCode.USAGE, e.getMessage() + " (docs/querying.md \"Times of day\")", e);
        }
      }
      options.put(recorded, value);
    });
    return options;
  }

  /** The name under which the table records an option given as {@code key}: iceberg.* as given, mink.time-as as time-as. */
  private static String recordedKey(String key, String help) {
    if (key.startsWith(MinkTableLayout.ICEBERG_OPTION_PREFIX)) {
      return key;
    }
    if (key.equals(TIME_AS)) {
      return MinkTableLayout.TIME_AS_OPTION;
    }
    throw new CommandFailure(ExitCode.USAGE, "Unknown table option '" + key + "': " + help);
  }

  /** The name a user gives a recorded option with: iceberg.* as recorded, time-as as mink.time-as. */
  static String givenName(String recordedKey) {
    return recordedKey.equals(MinkTableLayout.TIME_AS_OPTION) ? TIME_AS : recordedKey;
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
