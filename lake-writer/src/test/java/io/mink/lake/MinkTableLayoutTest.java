package io.mink.lake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.TimeOfDay;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MinkTableLayoutTest {
  @Test
  void defaultsAreVersionTwoMergeOnReadZstdParquetAtTheTargetSize() {
    Map<String, String> properties =
        MinkTableLayout.properties("orders", "id-1", 1024, Map.of("freshness", "1m"));

    assertThat(properties)
        .containsExactlyInAnyOrderEntriesOf(Map.ofEntries(
            Map.entry("format-version", "2"),
            Map.entry("write.delete.mode", "merge-on-read"),
            Map.entry("write.update.mode", "merge-on-read"),
            Map.entry("write.merge.mode", "merge-on-read"),
            Map.entry("write.format.default", "parquet"),
            Map.entry("write.parquet.compression-codec", "zstd"),
            Map.entry("write.target-file-size-bytes", "1024"),
            Map.entry("history.expire.max-snapshot-age-ms", "3600000"),
            Map.entry("write.metadata.delete-after-commit.enabled", "true"),
            Map.entry("write.metadata.previous-versions-max", "20"),
            Map.entry("mink.topic", "orders"),
            Map.entry("mink.topic-id", "id-1"),
            Map.entry("mink.freshness", "1m")));
  }

  @Test
  void icebergOptionsPassThroughAndWinOverTheDefaults() {
    Map<String, String> properties = MinkTableLayout.properties(
        "orders",
        null,
        1024,
        Map.of(
            "iceberg.format-version", "3",
            "iceberg.write.parquet.row-group-size-bytes", "1048576",
            "iceberg.write.parquet.compression-codec", "snappy",
            "partition-by", "day(_kafka_timestamp)"));

    assertThat(properties)
        .containsEntry("format-version", "3")
        .containsEntry("write.parquet.row-group-size-bytes", "1048576")
        .containsEntry("write.parquet.compression-codec", "snappy")
        .containsEntry("mink.partition-by", "day(_kafka_timestamp)")
        .doesNotContainKey("mink.topic-id")
        .doesNotContainKey("iceberg.format-version");
    assertThat(MinkTableLayout.formatVersion(Map.of("iceberg.format-version", "3")))
        .isEqualTo(3);
    assertThat(MinkTableLayout.formatVersion(Map.of())).isEqualTo(2);
  }

  @Test
  void attachedTablesGetOnlyMinkPropertiesAndTheUsersOptions() {
    assertThat(MinkTableLayout.attachProperties(
            "orders",
            "id-1",
            Map.of("attach", "true", "iceberg.write.parquet.row-group-size-bytes", "1048576")))
        .containsExactlyInAnyOrderEntriesOf(Map.of(
            "mink.topic",
            "orders",
            "mink.topic-id",
            "id-1",
            "mink.attach",
            "true",
            "write.parquet.row-group-size-bytes",
            "1048576"));
  }

  @Test
  void snapshotRetentionSetsTheIcebergSnapshotAge() {
    assertThat(MinkTableLayout.properties("orders", null, 1024, Map.of("snapshot-retention", "6h")))
        .containsEntry("mink.snapshot-retention", "6h")
        .containsEntry("history.expire.max-snapshot-age-ms", "21600000");
    assertThat(MinkTableLayout.attachProperties("orders", null, Map.of("snapshot-retention", "2d")))
        .containsEntry("history.expire.max-snapshot-age-ms", "172800000");
    assertThat(MinkTableLayout.attachProperties("orders", null, Map.of()))
        .doesNotContainKey("history.expire.max-snapshot-age-ms");
  }

  @Test
  void snapshotRetentionMustBeADurationGivenOnce() {
    for (String value : new String[] {"0s", "500ms", "1 hour", "-1h", ""}) {
      assertThatThrownBy(() -> MinkTableLayout.checkOptions(Map.of("snapshot-retention", value)))
          .hasMessage("Invalid mink.snapshot-retention '" + value
              + "': use a duration of at least 1s, such as 1h or 7d");
    }
    assertThatThrownBy(() -> MinkTableLayout.checkOptions(Map.of(
            "snapshot-retention", "1h", "iceberg.history.expire.max-snapshot-age-ms", "1000")))
        .hasMessage("Table options mink.snapshot-retention and "
            + "iceberg.history.expire.max-snapshot-age-ms set the same property: give only "
            + "mink.snapshot-retention");
    assertThat(SnapshotRetention.parse("PT90M")).isEqualTo(java.time.Duration.ofMinutes(90));
  }

  @Test
  void unsupportedFormatVersionsAreRefused() {
    for (String version : new String[] {"1", "4", "two"}) {
      assertThatThrownBy(
              () -> MinkTableLayout.checkOptions(Map.of("iceberg.format-version", version)))
          .hasMessage("Unsupported iceberg.format-version '" + version
              + "': Mink writes Iceberg format versions 2 (the default) and 3 (the default of "
              + "upsert tables)");
    }
  }

  @Test
  void otherFileFormatsAndBadTargetSizesAreRefused() {
    assertThatThrownBy(
            () -> MinkTableLayout.checkOptions(Map.of("iceberg.write.format.default", "orc")))
        .hasMessage(
            "Unsupported iceberg.write.format.default 'orc': Mink writes Parquet; leave the option out");
    assertThatThrownBy(() ->
            MinkTableLayout.checkOptions(Map.of("iceberg.write.target-file-size-bytes", "64MiB")))
        .hasMessage(
            "Invalid iceberg.write.target-file-size-bytes '64MiB': use a number of bytes of at least 1, "
                + "such as 134217728");
    assertThatThrownBy(() -> MinkTableLayout.checkOptions(Map.of("iceberg.", "x")))
        .hasMessage(
            "Invalid table option 'iceberg.': name an Iceberg table property after iceberg., such as "
                + "iceberg.write.parquet.row-group-size-bytes");
  }

  @Test
  void targetFileSizeOptionWinsOverTheConfiguredSize() {
    assertThat(MinkTableLayout.targetFileSize(Map.of(), 128)).isEqualTo(128);
    assertThat(MinkTableLayout.targetFileSize(
            Map.of("iceberg.write.target-file-size-bytes", "4096"), 128))
        .isEqualTo(4096);
  }

  @Test
  void timeAsSelectsHowTimesOfDayAreStoredAndDefaultsToLong() {
    assertThat(MinkTableLayout.mappingOptions(Map.of()).timeOfDay()).isEqualTo(TimeOfDay.LONG);
    assertThat(MinkTableLayout.mappingOptions(Map.of("time-as", "time")).timeOfDay())
        .isEqualTo(TimeOfDay.TIME);
    assertThat(MinkTableLayout.properties("rides", null, 1024, Map.of("time-as", "string")))
        .containsEntry("mink.time-as", "string");
    assertThatThrownBy(() -> MinkTableLayout.checkOptions(Map.of("time-as", "nanos")))
        .hasMessage("Invalid mink.time-as 'nanos': use time, long, string");
  }

  @Test
  void upsertTablesRecordTheirModeAndCdcAndDefaultToFormatVersionThree() {
    Map<String, String> options = Map.of("mode", "upsert", "cdc", "debezium");

    assertThat(MinkTableLayout.properties("orders", null, 1024, options))
        .containsEntry("format-version", "3")
        .containsEntry("mink.mode", "upsert")
        .containsEntry("mink.cdc", "debezium");
    assertThat(MinkTableLayout.isUpsert(options)).isTrue();
    assertThat(MinkTableLayout.cdc(options)).contains(CdcFormat.DEBEZIUM);
    assertThat(MinkTableLayout.describeMode(options)).isEqualTo("upsert (debezium)");
    assertThat(MinkTableLayout.formatVersion(Map.of("mode", "upsert"))).isEqualTo(3);
  }

  @Test
  void upsertTablesMayChooseFormatVersionTwoForPositionDeletes() {
    Map<String, String> options = Map.of("mode", "upsert", "iceberg.format-version", "2");

    assertThat(MinkTableLayout.formatVersion(options)).isEqualTo(2);
    assertThat(MinkTableLayout.properties("orders", null, 1024, options))
        .containsEntry("format-version", "2");
  }

  @Test
  void tablesWithoutAModeAppend() {
    assertThat(TableMode.of(Map.of())).isEqualTo(TableMode.APPEND);
    assertThat(TableMode.of(Map.of("mode", "Upsert"))).isEqualTo(TableMode.UPSERT);
    assertThat(TableMode.ofProperties(Map.of("mink.mode", "upsert"))).isEqualTo(TableMode.UPSERT);
    assertThat(MinkTableLayout.isUpsert(Map.of())).isFalse();
    assertThat(MinkTableLayout.cdc(Map.of())).isEmpty();
    assertThat(MinkTableLayout.describeMode(Map.of())).isEqualTo("append");
    assertThat(MinkTableLayout.properties("orders", null, 1024, Map.of()))
        .doesNotContainKey("mink.mode");
  }

  @Test
  void badModesAndCdcFormatsAreRefusedWithTheValidValues() {
    assertThatThrownBy(() -> MinkTableLayout.checkOptions(Map.of("mode", "merge")))
        .hasMessage("Invalid table mode 'merge': use append or upsert "
            + "(docs/tables.md \"Upsert tables\")");
    assertThatThrownBy(
            () -> MinkTableLayout.checkOptions(Map.of("mode", "upsert", "cdc", "maxwell")))
        .hasMessage(
            "Invalid cdc format 'maxwell': use debezium (docs/tables.md \"Upsert tables\")");
  }

  @Test
  void cdcNeedsAnUpsertTable() {
    assertThatThrownBy(() -> MinkTableLayout.checkOptions(Map.of("cdc", "debezium")))
        .hasMessage("Table option mink.cdc needs an upsert table: CDC tables are upsert tables; "
            + "set mink.mode to upsert or leave out mink.cdc");
    assertThatThrownBy(
            () -> MinkTableLayout.checkOptions(Map.of("mode", "append", "cdc", "debezium")))
        .hasMessageStartingWith("Table option mink.cdc needs an upsert table");
  }

  @Test
  void upsertTablesTakeNoPartitionFields() {
    assertThatThrownBy(() -> MinkTableLayout.checkOptions(
            Map.of("mode", "upsert", "partition-by", "day(_kafka_timestamp)")))
        .hasMessage("Cannot partition an upsert table by day(_kafka_timestamp): an upsert table "
            + "is partitioned by _kafka_partition only, because a key's row must stay in its "
            + "Kafka partition's files; leave out --partition-by");
  }
}
