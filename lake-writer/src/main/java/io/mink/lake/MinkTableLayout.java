package io.mink.lake;

import io.mink.schema.decode.MappingOptions;
import io.mink.schema.decode.TimeOfDay;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.TableProperties;

/** The Iceberg table properties of a Mink table (docs/layout.md). */
public final class MinkTableLayout {
  public static final String TOPIC_PROPERTY = "mink.topic";
  public static final String TOPIC_ID_PROPERTY = "mink.topic-id";
  public static final String OPTION_PREFIX = "mink.";
  public static final String ICEBERG_OPTION_PREFIX = "iceberg.";

  /** The table option that selects the Iceberg format version. */
  public static final String FORMAT_VERSION_OPTION =
      ICEBERG_OPTION_PREFIX + TableProperties.FORMAT_VERSION;
  /** The table option that sets the size at which Mink rolls a table's data files, over target_file_size. */
  public static final String TARGET_FILE_SIZE_OPTION =
      ICEBERG_OPTION_PREFIX + TableProperties.WRITE_TARGET_FILE_SIZE_BYTES;
  /**
   * The table option, the property mink.compact-deleted-fraction, of an upsert table: a data file whose deleted
   * rows reach this fraction of its rows is rewritten without them in the round that deletes them.
   */
  public static final String COMPACT_DELETED_FRACTION_OPTION = "compact-deleted-fraction";
  /** The fraction of deleted rows at which an upsert table's round rewrites a data file by default. */
  public static final double DEFAULT_COMPACT_DELETED_FRACTION = 0.3;
  /** The table option that records the --partition-by fields of a new table. */
  public static final String PARTITION_BY_OPTION = "partition-by";
  /** The table option that records that the table existed and was attached (lake_attach). */
  public static final String ATTACH_OPTION = "attach";
  /**
   * The table option, the property mink.mode, that says how the table holds records ({@link
   * TableMode}): upsert, or append when it is not set. Fixed when the table is added.
   */
  public static final String MODE_OPTION = "mode";
  /**
   * The table option, the property mink.cdc, that names the change-event format an upsert table
   * unwraps ({@link CdcFormat}). Fixed when the table is added.
   */
  public static final String CDC_OPTION = "cdc";
  /** The table option, the property mink.time-as, that says how the table stores times of day. */
  public static final String TIME_AS_OPTION = "time-as";
  /**
   * The table option, the property mink.snapshot-retention, that says how long snapshots are kept
   * for readers ({@link SnapshotRetention}); it also sets history.expire.max-snapshot-age-ms.
   */
  public static final String SNAPSHOT_RETENTION_OPTION = "snapshot-retention";
  /**
   * The table option, the property mink.start-offsets, that records where a table added with {@code mink table add
   * --from} (or after Iceberg's Kafka Connect sink) starts: per partition, the first offset the table holds, as
   * {@link LakeOffsets#encode()} writes them ({@link AcceptedStart}). Set when the table is added, never with
   * --option.
   */
  public static final String START_OFFSETS_OPTION = "start-offsets";
  /**
   * The table option, the property mink.row-ttl, that says how long a row stays in the lake after its
   * _kafka_timestamp ({@link RowTtl}).
   */
  public static final String ROW_TTL_OPTION = "row-ttl";
  /**
   * How many earlier metadata files a table Mink creates keeps (write.metadata.previous-versions-max):
   * each commit deletes the older ones. A reader opens a metadata file when it plans, so minutes of
   * them are plenty; at a round every 10 s this is 200 s of them, at every 3 minutes an hour.
   */
  public static final int PREVIOUS_METADATA_FILES = 20;

  /** Why an upsert table takes no partition field but identity(_kafka_partition), for messages. */
  public static final String UPSERT_PARTITIONING =
      "an upsert table is partitioned by _kafka_partition only, because a key's row must stay in "
          + "its Kafka partition's files";

  public static final int DEFAULT_FORMAT_VERSION = 2;
  public static final Set<Integer> FORMAT_VERSIONS = Set.of(2, 3);

  private MinkTableLayout() {}

  /**
   * The properties of a new table: the mode's format version ({@link TableMode#defaultFormatVersion})
   * unless iceberg.format-version says otherwise,
   * merge-on-read, zstd Parquet at the target size, the {@link #housekeepingProperties()}, mink.*
   * copies of the table options and the user's iceberg.* options passed through without their
   * prefix (they win over Mink's defaults).
   */
  public static Map<String, String> properties(
      String topic, String topicId, long targetFileSizeBytes, Map<String, String> tableOptions) {
    checkOptions(tableOptions);
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(TableProperties.FORMAT_VERSION, Integer.toString(formatVersion(tableOptions)));
    properties.put(TableProperties.DELETE_MODE, "merge-on-read");
    properties.put(TableProperties.UPDATE_MODE, "merge-on-read");
    properties.put(TableProperties.MERGE_MODE, "merge-on-read");
    properties.put(TableProperties.DEFAULT_FILE_FORMAT, "parquet");
    properties.put(TableProperties.PARQUET_COMPRESSION, "zstd");
    properties.put(
        TableProperties.WRITE_TARGET_FILE_SIZE_BYTES, Long.toString(targetFileSizeBytes));
    properties.putAll(housekeepingProperties());
    properties.putAll(attachProperties(topic, topicId, tableOptions));
    return properties;
  }

  /**
   * The properties that keep the metadata of a table Mink creates bounded however many rounds it
   * commits: snapshots older than the default retention expire (history.expire.max-snapshot-age-ms,
   * which other engines' snapshot expiry follows too), and each commit deletes the metadata files
   * beyond the newest {@value #PREVIOUS_METADATA_FILES}.
   */
  public static Map<String, String> housekeepingProperties() {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(
        TableProperties.MAX_SNAPSHOT_AGE_MS, Long.toString(SnapshotRetention.DEFAULT.toMillis()));
    properties.put(TableProperties.METADATA_DELETE_AFTER_COMMIT_ENABLED, "true");
    properties.put(
        TableProperties.METADATA_PREVIOUS_VERSIONS_MAX, Integer.toString(PREVIOUS_METADATA_FILES));
    return properties;
  }

  /**
   * The properties Mink sets on a table it attaches: its mink.* properties and the user's iceberg.*
   * options. Mink's write defaults are not imposed on a table that someone else created.
   */
  public static Map<String, String> attachProperties(
      String topic, String topicId, Map<String, String> tableOptions) {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(TOPIC_PROPERTY, topic);
    if (topicId != null) {
      properties.put(TOPIC_ID_PROPERTY, topicId);
    }
    tableOptions.forEach((key, value) -> properties.putAll(optionProperties(key, value)));
    return properties;
  }

  /**
   * The Iceberg table properties one table option sets: iceberg.KEY as KEY; snapshot-retention as
   * mink.snapshot-retention and history.expire.max-snapshot-age-ms in milliseconds; any other as
   * mink.KEY.
   */
  public static Map<String, String> optionProperties(String key, String value) {
    if (key.startsWith(ICEBERG_OPTION_PREFIX)) {
      return Map.of(key.substring(ICEBERG_OPTION_PREFIX.length()), value);
    }
    if (key.equals(SNAPSHOT_RETENTION_OPTION)) {
      return Map.of(
          OPTION_PREFIX + key,
          value,
          TableProperties.MAX_SNAPSHOT_AGE_MS,
          Long.toString(SnapshotRetention.parse(value).toMillis()));
    }
    return Map.of(OPTION_PREFIX + key, value);
  }

  /**
   * Checks the options whose values Mink depends on: the format version (2 or 3), the file format
   * (Parquet), the target file size (a positive number of bytes), time-as (time, long or string),
   * snapshot-retention (a duration, not given together with
   * iceberg.history.expire.max-snapshot-age-ms), row-ttl (a positive duration), the mode and cdc (only on an upsert table), and no
   * partition-by on an upsert table. The message says what to use.
   */
  public static void checkOptions(Map<String, String> tableOptions) {
    tableOptions.forEach((key, value) -> {
      if (key.equals(ICEBERG_OPTION_PREFIX)) {
        throw new IllegalArgumentException(
            "Invalid table option '" + key + "': name an Iceberg table property "
                + "after iceberg., such as iceberg.write.parquet.row-group-size-bytes");
      }
    });
    String fileFormat =
        tableOptions.get(ICEBERG_OPTION_PREFIX + TableProperties.DEFAULT_FILE_FORMAT);
    if (fileFormat != null && !fileFormat.strip().equalsIgnoreCase("parquet")) {
      throw new IllegalArgumentException(
          "Unsupported " + ICEBERG_OPTION_PREFIX + TableProperties.DEFAULT_FILE_FORMAT + " '"
              + fileFormat + "': Mink writes Parquet; leave the option out");
    }
    formatVersion(tableOptions);
    targetFileSize(tableOptions, 1);
    mappingOptions(tableOptions);
    checkSnapshotRetention(tableOptions);
    if (tableOptions.containsKey(ROW_TTL_OPTION)) {
      RowTtl.parse(tableOptions.get(ROW_TTL_OPTION));
    }
    compactDeletedFraction(tableOptions);
    checkMode(tableOptions);
  }

  private static void checkMode(Map<String, String> tableOptions) {
    TableMode mode = TableMode.of(tableOptions);
    if (cdc(tableOptions).isPresent() && mode != TableMode.UPSERT) {
      throw new IllegalArgumentException("Table option " + OPTION_PREFIX + CDC_OPTION
          + " needs an upsert table: CDC tables are upsert tables; set " + OPTION_PREFIX
          + MODE_OPTION + " to upsert or leave out " + OPTION_PREFIX + CDC_OPTION);
    }
    if (mode == TableMode.UPSERT && tableOptions.containsKey(PARTITION_BY_OPTION)) {
      throw new IllegalArgumentException("Cannot partition an upsert table by "
          + tableOptions.get(PARTITION_BY_OPTION) + ": " + UPSERT_PARTITIONING
          + "; leave out --partition-by");
    }
  }

  /**
   * The fraction of deleted rows at which an upsert table rewrites a data file: the compact-deleted-fraction
   * option, a number above 0 and at most 1, else {@value #DEFAULT_COMPACT_DELETED_FRACTION}.
   */
  public static double compactDeletedFraction(Map<String, String> tableOptions) {
    String value = tableOptions.get(COMPACT_DELETED_FRACTION_OPTION);
    if (value == null) {
      return DEFAULT_COMPACT_DELETED_FRACTION;
    }
    try {
      double fraction = Double.parseDouble(value.strip());
      if (fraction > 0 && fraction <= 1) {
        return fraction;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "Invalid table option " + COMPACT_DELETED_FRACTION_OPTION + " '" + value
            + "': use a fraction above 0 and at most 1, such as 0.3 (a file is rewritten once 30 % of its rows "
            + "are deleted); 1 rewrites only files whose rows are all deleted");
  }

  /** Whether the table options select an upsert table. */
  public static boolean isUpsert(Map<String, String> tableOptions) {
    return TableMode.of(tableOptions) == TableMode.UPSERT;
  }

  /** The change-event format the table unwraps: its cdc option; empty when records are rows as they are. */
  public static Optional<CdcFormat> cdc(Map<String, String> tableOptions) {
    return Optional.ofNullable(tableOptions.get(CDC_OPTION)).map(CdcFormat::parse);
  }

  /** The table's mode as a person reads it: append, upsert, or upsert (debezium) with its cdc format. */
  public static String describeMode(Map<String, String> tableOptions) {
    return TableMode.of(tableOptions).label()
        + cdc(tableOptions).map(format -> " (" + format.label() + ")").orElse("");
  }

  private static void checkSnapshotRetention(Map<String, String> tableOptions) {
    String retention = tableOptions.get(SNAPSHOT_RETENTION_OPTION);
    if (retention == null) {
      return;
    }
    SnapshotRetention.parse(retention);
    String maxAge = ICEBERG_OPTION_PREFIX + TableProperties.MAX_SNAPSHOT_AGE_MS;
    if (tableOptions.containsKey(maxAge)) {
      throw new IllegalArgumentException("Table options " + OPTION_PREFIX
          + SNAPSHOT_RETENTION_OPTION + " and " + maxAge
          + " set the same property: give only " + OPTION_PREFIX + SNAPSHOT_RETENTION_OPTION);
    }
  }

  /** How the table maps schema types to columns: the time-as option, else the defaults. */
  public static MappingOptions mappingOptions(Map<String, String> tableOptions) {
    String timeAs = tableOptions.get(TIME_AS_OPTION);
    return timeAs == null ? MappingOptions.DEFAULT : new MappingOptions(TimeOfDay.parse(timeAs));
  }

  /**
   * The format version the options select: iceberg.format-version, 2 or 3; else 3 for an upsert
   * table (deletion vectors) and 2 for others.
   */
  public static int formatVersion(Map<String, String> tableOptions) {
    String value = tableOptions.get(FORMAT_VERSION_OPTION);
    if (value == null) {
      return TableMode.of(tableOptions).defaultFormatVersion();
    }
    try {
      int version = Integer.parseInt(value.strip());
      if (FORMAT_VERSIONS.contains(version)) {
        return version;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("Unsupported " + FORMAT_VERSION_OPTION + " '" + value
        + "': Mink writes Iceberg format versions 2 (the default) and 3 (the default of upsert "
        + "tables)");
  }

  /** The size at which the table's data files roll: iceberg.write.target-file-size-bytes, else the configured one. */
  public static long targetFileSize(Map<String, String> tableOptions, long configuredBytes) {
    String value = tableOptions.get(TARGET_FILE_SIZE_OPTION);
    if (value == null) {
      return configuredBytes;
    }
    try {
      long bytes = Long.parseLong(value.strip());
      if (bytes > 0) {
        return bytes;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("Invalid " + TARGET_FILE_SIZE_OPTION + " '" + value
        + "': use a number of bytes of at least 1, such as 134217728");
  }
}
