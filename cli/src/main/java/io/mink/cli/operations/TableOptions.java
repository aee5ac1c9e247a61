package io.mink.cli.operations;

import io.mink.indexer.config.ConfigException;
import io.mink.indexer.config.Durations;
import io.mink.indexer.errors.MinkException;
import io.mink.lake.CdcFormat;
import io.mink.lake.MinkTableLayout;
import io.mink.lake.PartitionSpecs;
import io.mink.lake.PartitionTerm;
import io.mink.lake.RowTtl;
import io.mink.lake.SnapshotRetention;
import io.mink.lake.TableMode;
import io.mink.schema.KafkaColumns;
import io.mink.schema.decode.TimeOfDay;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.iceberg.PartitionSpec;

/**
 * The checks of what {@code mink table add} and {@code mink table alter} are given: identifiers, freshness and the
 * table options recorded with a table. A failed check is a usage error whose message says what to use.
 */
public final class TableOptions {
  /** The option that {@code --auto-compaction} sets, stored as the table property mink.auto-compaction. */
  public static final String AUTO_COMPACTION = "auto-compaction";

  private TableOptions() {}

  /** A namespace or table name: ASCII letters, digits and '_', not starting with a digit. */
  public static String identifier(String value, String what, String advice) {
    if (!TableDescriptor.isValidIdentifier(value)) {
      throw MinkException.user("Invalid " + what + " '" + value
          + "': use ASCII letters, digits and '_', starting with a letter or '_'" + advice);
    }
    return value;
  }

  public static Duration freshness(String text) {
    return duration(text, "--freshness");
  }

  /** A duration option such as --wait or --interval. */
  public static Duration duration(String text, String option) {
    try {
      return Durations.parse(text, option);
    } catch (ConfigException e) {
      throw MinkException.user(e.getMessage(), e);
    }
  }

  /** The option --option mink.time-as sets, recorded as the table option time-as. */
  public static final String TIME_AS =
      MinkTableLayout.OPTION_PREFIX + MinkTableLayout.TIME_AS_OPTION;
  /** The option --option mink.snapshot-retention sets, recorded as the table option snapshot-retention. */
  public static final String SNAPSHOT_RETENTION =
      MinkTableLayout.OPTION_PREFIX + MinkTableLayout.SNAPSHOT_RETENTION_OPTION;

  /** The option --option mink.row-ttl sets, recorded as the table option row-ttl. */
  public static final String ROW_TTL =
      MinkTableLayout.OPTION_PREFIX + MinkTableLayout.ROW_TTL_OPTION;

  /** The option --option mink.compact-deleted-fraction sets, recorded as the table option compact-deleted-fraction. */
  public static final String COMPACT_DELETED_FRACTION =
      MinkTableLayout.OPTION_PREFIX + MinkTableLayout.COMPACT_DELETED_FRACTION_OPTION;

  /** Why a table's mode and cdc do not change, and what to do instead: for messages. */
  public static final String MODE_FIXED = "a table's mode and cdc are given when it is added, "
      + "with mink table add --mode and --cdc, and stay fixed. To change them, remove the table "
      + "(mink table remove) and add it again with the new mode";

  private static final String SET_HELP =
      "iceberg.<property>=<value>, such as iceberg.format-version=3 or "
          + "iceberg.write.parquet.row-group-size-bytes=67108864 (docs/layout.md), " + TIME_AS
          + "=time|long|string (docs/querying.md), " + SNAPSHOT_RETENTION
          + "=<duration> (docs/operations.md), " + ROW_TTL + "=<duration> (docs/operations.md) or "
          + COMPACT_DELETED_FRACTION
          + "=<fraction> (docs/tables.md)";
  private static final String UNSET_HELP =
      "iceberg.<property>, such as iceberg.write.parquet.row-group-size-bytes "
          + "(docs/layout.md), " + TIME_AS + ", " + SNAPSHOT_RETENTION + ", " + ROW_TTL + " or "
          + COMPACT_DELETED_FRACTION;

  /** The --unset-option names, checked to be iceberg.* options or Mink's, as the table records them. */
  public static List<String> optionKeys(List<String> given) {
    List<String> keys = new ArrayList<>();
    for (String key : given) {
      keys.add(recordedKey(key, "--unset-option takes " + UNSET_HELP));
    }
    return List.copyOf(keys);
  }

  /** The --option KEY=VALUE pairs, checked to be iceberg.* options or Mink's, as the table records them. */
  public static Map<String, String> tableOptions(Map<String, String> given) {
    Map<String, String> options = new TreeMap<>();
    given.forEach((key, value) -> {
      String recorded = recordedKey(key, "--option takes " + SET_HELP);
      options.put(recorded, recordedValue(recorded, value));
    });
    return options;
  }

  /** The value as the table records it: time-as as its label, snapshot-retention in its shortest form. */
  private static String recordedValue(String recordedKey, String value) {
    try {
      return switch (recordedKey) {
        case MinkTableLayout.TIME_AS_OPTION -> TimeOfDay.parse(value).label();
        case MinkTableLayout.SNAPSHOT_RETENTION_OPTION ->
          Durations.format(SnapshotRetention.parse(value));
        case MinkTableLayout.ROW_TTL_OPTION ->
          Durations.format(RowTtl.parse(value).ttl());
        case MinkTableLayout.COMPACT_DELETED_FRACTION_OPTION -> {
          MinkTableLayout.compactDeletedFraction(Map.of(recordedKey, value));
          yield value.strip();
        }
        default -> value;
      };
    } catch (IllegalArgumentException e) {
      String doc = switch (recordedKey) {
        case MinkTableLayout.TIME_AS_OPTION -> "docs/querying.md \"Times of day\"";
        case MinkTableLayout.COMPACT_DELETED_FRACTION_OPTION -> "docs/tables.md \"Upsert tables\"";
        case MinkTableLayout.ROW_TTL_OPTION -> "docs/operations.md \"Row TTL\"";
        default -> "docs/operations.md \"Snapshots and files over time\"";
      };
      throw MinkException.user(e.getMessage() + " (" + doc + ")", e);
    }
  }

  /**
   * The name under which the table records an option given as {@code key}: iceberg.* as given, mink.time-as as
   * time-as, mink.snapshot-retention as snapshot-retention, mink.row-ttl as row-ttl.
   */
  private static String recordedKey(String key, String help) {
    if (key.startsWith(MinkTableLayout.ICEBERG_OPTION_PREFIX)) {
      return key;
    }
    if (key.equals(MinkTableLayout.OPTION_PREFIX + MinkTableLayout.MODE_OPTION)
        || key.equals(MinkTableLayout.OPTION_PREFIX + MinkTableLayout.CDC_OPTION)) {
      throw MinkException.user("Option " + key + " is not set with --option: " + MODE_FIXED);
    }
    if (key.equals(TIME_AS)
        || key.equals(SNAPSHOT_RETENTION)
        || key.equals(ROW_TTL)
        || key.equals(COMPACT_DELETED_FRACTION)) {
      return key.substring(MinkTableLayout.OPTION_PREFIX.length());
    }
    throw MinkException.user("Unknown table option '" + key + "': " + help);
  }

  /** The name a user gives a recorded option with: iceberg.* as recorded, Mink's own with mink. before it. */
  public static String givenName(String recordedKey) {
    return recordedKey.equals(MinkTableLayout.TIME_AS_OPTION)
            || recordedKey.equals(MinkTableLayout.SNAPSHOT_RETENTION_OPTION)
            || recordedKey.equals(MinkTableLayout.ROW_TTL_OPTION)
            || recordedKey.equals(MinkTableLayout.COMPACT_DELETED_FRACTION_OPTION)
        ? MinkTableLayout.OPTION_PREFIX + recordedKey
        : recordedKey;
  }

  /**
   * The table options of --mode and --cdc: mode=upsert for an upsert table, which --cdc implies, and
   * cdc with the format; none for an append table.
   */
  public static Map<String, String> modeOptions(String mode, String cdc) {
    CdcFormat format;
    TableMode tableMode;
    try {
      format = cdc == null ? null : CdcFormat.parse(cdc);
      tableMode = mode != null
          ? TableMode.parse(mode)
          : format == null ? TableMode.APPEND : TableMode.UPSERT;
    } catch (IllegalArgumentException e) {
      throw MinkException.user(e.getMessage(), e);
    }
    if (format != null && tableMode != TableMode.UPSERT) {
      throw MinkException.user("Cannot use --cdc " + format.label() + " with --mode "
          + tableMode.label() + ": CDC tables are upsert tables. Leave out --mode, or give "
          + "--mode upsert");
    }
    Map<String, String> options = new TreeMap<>();
    if (tableMode == TableMode.UPSERT) {
      options.put(MinkTableLayout.MODE_OPTION, tableMode.label());
    }
    if (format != null) {
      options.put(MinkTableLayout.CDC_OPTION, format.label());
    }
    return options;
  }

  /** Checks the values Mink depends on, such as the format version and the file format. */
  public static void check(Map<String, String> tableOptions) {
    try {
      MinkTableLayout.checkOptions(tableOptions);
    } catch (IllegalArgumentException e) {
      throw MinkException.user(e.getMessage(), e);
    }
  }

  /**
   * The spec of a new table with the --partition-by fields after identity(_kafka_partition).
   *
   * @param partitionBy the fields as the table option partition-by records them; empty when there are none
   */
  public record NewTableSpec(PartitionSpec spec, Optional<String> partitionBy) {}

  public static NewTableSpec newTableSpec(List<String> partitionBy) {
    try {
      List<PartitionTerm> fields = PartitionSpecs.parse(partitionBy);
      PartitionSpec spec = PartitionSpecs.forNewTable(KafkaColumns.SCHEMA, fields);
      return new NewTableSpec(
          spec,
          fields.isEmpty()
              ? Optional.empty()
              : Optional.of(
                  String.join(", ", fields.stream().map(PartitionTerm::toString).toList())));
    } catch (IllegalArgumentException e) {
      throw MinkException.user(e.getMessage(), e);
    }
  }

  /** The descriptor's options and the freshness: what the table's mink.* and iceberg properties come from. */
  public static Map<String, String> withFreshness(TableDescriptor descriptor) {
    Map<String, String> tableOptions = new TreeMap<>(descriptor.options());
    tableOptions.put("freshness", Durations.format(descriptor.freshness()));
    return tableOptions;
  }
}
