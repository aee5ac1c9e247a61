package io.mink.lake;

import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.iceberg.TableProperties;

/** The Iceberg table properties of a Mink table (spec/tiering.md "Iceberg table layout"). */
public final class MinkTableLayout {
  public static final String TOPIC_PROPERTY = "mink.topic";
  public static final String TOPIC_ID_PROPERTY = "mink.topic-id";
  public static final String OPTION_PREFIX = "mink.";
  public static final String ICEBERG_OPTION_PREFIX = "iceberg.";

  private MinkTableLayout() {}

  /**
   * The properties of a new table: format version 2 unless iceberg.format-version says otherwise,
   * merge-on-read, zstd Parquet at the target size, mink.* copies of the table options and the
   * user's iceberg.* options passed through without their prefix.
   */
  public static Map<String, String> properties(
      String topic, String topicId, long targetFileSizeBytes, Map<String, String> tableOptions) {
    Map<String, String> properties = new LinkedHashMap<>();
    properties.put(TableProperties.FORMAT_VERSION, "2");
    properties.put(TableProperties.DELETE_MODE, "merge-on-read");
    properties.put(TableProperties.UPDATE_MODE, "merge-on-read");
    properties.put(TableProperties.MERGE_MODE, "merge-on-read");
    properties.put(TableProperties.DEFAULT_FILE_FORMAT, "parquet");
    properties.put(TableProperties.PARQUET_COMPRESSION, "zstd");
    properties.put(TableProperties.WRITE_TARGET_FILE_SIZE_BYTES, Long.toString(targetFileSizeBytes));
    properties.put(TOPIC_PROPERTY, topic);
    if (topicId != null) {
      properties.put(TOPIC_ID_PROPERTY, topicId);
    }
    tableOptions.forEach((key, value) -> {
      if (key.startsWith(ICEBERG_OPTION_PREFIX)) {
        properties.put(key.substring(ICEBERG_OPTION_PREFIX.length()), value);
      } else {
        properties.put(OPTION_PREFIX + key, value);
      }
    });
    return properties;
  }
}
