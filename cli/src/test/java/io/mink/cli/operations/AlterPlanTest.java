package io.mink.cli.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.ErrorCategory;
import io.mink.indexer.errors.MinkException;
import io.mink.lake.MinkTableLayout;
import io.mink.tables.TableDescriptor;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AlterPlanTest {
  private static final TableDescriptor ORDERS = new TableDescriptor(
      "kafka",
      "orders",
      "orders",
      "id-1",
      Duration.ofMinutes(3),
      Map.of(
          "iceberg.write.parquet.compression-codec",
          "snappy",
          "iceberg.commit.retry.num-retries",
          "10"),
      Instant.parse("2026-01-01T12:00:00Z"));
  private static final Map<String, String> DEFAULTS =
      MinkTableLayout.properties("orders", "id-1", 128L << 20, Map.of());

  @Test
  void freshnessOptionsAndCompactionChangeTheEntryAndTheirProperties() {
    AlterPlan plan = AlterPlan.of(
        ORDERS,
        new AlterPlan.Request(
            Duration.ofSeconds(30),
            Map.of("iceberg.write.parquet.row-group-size-bytes", "1048576"),
            List.of(),
            true),
        2,
        DEFAULTS);

    assertThat(plan.updated().freshness()).isEqualTo(Duration.ofSeconds(30));
    assertThat(plan.updated().options())
        .containsEntry("iceberg.write.parquet.row-group-size-bytes", "1048576")
        .containsEntry("auto-compaction", "true")
        .containsEntry("iceberg.commit.retry.num-retries", "10");
    assertThat(plan.setProperties())
        .isEqualTo(Map.of(
            "mink.freshness",
            "30s",
            "write.parquet.row-group-size-bytes",
            "1048576",
            "mink.auto-compaction",
            "true"));
    assertThat(plan.removeProperties()).isEmpty();
    assertThat(plan.changes())
        .extracting(AlterPlan.Change::toString)
        .containsExactly(
            "freshness: 3m -> 30s",
            "iceberg.write.parquet.row-group-size-bytes: (not set) -> 1048576",
            "auto-compaction: false -> true");
  }

  @Test
  void unsetReturnsToMinksDefaultOrRemovesTheProperty() {
    AlterPlan plan = AlterPlan.of(
        ORDERS,
        new AlterPlan.Request(
            null,
            Map.of(),
            List.of("iceberg.write.parquet.compression-codec", "iceberg.commit.retry.num-retries"),
            null),
        2,
        DEFAULTS);

    assertThat(plan.updated().options()).isEmpty();
    assertThat(plan.setProperties()).isEqualTo(Map.of("write.parquet.compression-codec", "zstd"));
    assertThat(plan.removeProperties()).containsExactly("commit.retry.num-retries");
  }

  @Test
  void snapshotRetentionSetsBothItsPropertiesAndUnsetReturnsToTheDefaultAge() {
    AlterPlan set = AlterPlan.of(
        ORDERS,
        new AlterPlan.Request(null, Map.of("snapshot-retention", "6h"), List.of(), null),
        2,
        DEFAULTS);
    AlterPlan unset = AlterPlan.of(
        set.updated(),
        new AlterPlan.Request(null, Map.of(), List.of("snapshot-retention"), null),
        2,
        DEFAULTS);

    assertThat(set.setProperties())
        .isEqualTo(Map.of(
            "mink.snapshot-retention", "6h", "history.expire.max-snapshot-age-ms", "21600000"));
    assertThat(set.changes())
        .extracting(AlterPlan.Change::toString)
        .containsExactly("mink.snapshot-retention: (not set) -> 6h");
    assertThat(unset.setProperties())
        .isEqualTo(Map.of("history.expire.max-snapshot-age-ms", "3600000"));
    assertThat(unset.removeProperties()).containsExactly("mink.snapshot-retention");
  }

  @Test
  void anAttachedTableHasNoMinkDefaultsToReturnTo() {
    AlterPlan plan = AlterPlan.of(
        ORDERS,
        new AlterPlan.Request(
            null, Map.of(), List.of("iceberg.write.parquet.compression-codec"), null),
        2,
        Map.of());

    assertThat(plan.setProperties()).isEmpty();
    assertThat(plan.removeProperties()).containsExactly("write.parquet.compression-codec");
  }

  @Test
  void settingsThatAreAlreadySoChangeNothing() {
    AlterPlan plan = AlterPlan.of(
        ORDERS,
        new AlterPlan.Request(
            Duration.ofMinutes(3),
            Map.of("iceberg.commit.retry.num-retries", "10"),
            List.of("iceberg.write.distribution-mode"),
            false),
        2,
        DEFAULTS);

    assertThat(plan.changes()).isEmpty();
    assertThat(plan.updated()).isEqualTo(ORDERS);
    assertThat(plan.setProperties()).isEmpty();
    assertThat(plan.removeProperties()).isEmpty();
  }

  @Test
  void formatVersionGoesUpButNeverDownAndIsNeverUnset() {
    AlterPlan up = AlterPlan.of(
        ORDERS,
        new AlterPlan.Request(null, Map.of("iceberg.format-version", "3"), List.of(), null),
        2,
        DEFAULTS);

    assertThat(up.setProperties()).containsEntry("format-version", "3");
    assertThatThrownBy(() -> AlterPlan.of(
            up.updated(),
            new AlterPlan.Request(null, Map.of("iceberg.format-version", "2"), List.of(), null),
            3,
            DEFAULTS))
        .hasMessage(
            "Cannot lower the format version of table kafka.orders from 3 to 2: Iceberg format versions only "
                + "go up; leave the table at version 3");
    assertThatThrownBy(() -> AlterPlan.of(
            up.updated(),
            new AlterPlan.Request(null, Map.of(), List.of("iceberg.format-version"), null),
            3,
            DEFAULTS))
        .hasMessage(
            "Cannot unset iceberg.format-version of table kafka.orders: Iceberg format versions only go up, "
                + "and the table stays at version 3");
    assertThatThrownBy(() -> AlterPlan.of(
            ORDERS,
            new AlterPlan.Request(null, Map.of("iceberg.format-version", "4"), List.of(), null),
            2,
            DEFAULTS))
        .hasMessage(
            "Unsupported iceberg.format-version '4': Mink writes Iceberg format versions 2 (the default) "
                + "and 3 (the default of upsert tables)");
  }

  @Test
  void anOptionBothSetAndUnsetIsAUsageError() {
    assertThatThrownBy(() -> AlterPlan.of(
            ORDERS,
            new AlterPlan.Request(
                null,
                Map.of("iceberg.commit.retry.num-retries", "5"),
                List.of("iceberg.commit.retry.num-retries"),
                null),
            2,
            DEFAULTS))
        .isInstanceOfSatisfying(
            MinkException.class, e -> assertThat(e.category()).isEqualTo(ErrorCategory.USER))
        .hasMessage(
            "Option iceberg.commit.retry.num-retries is both set and unset: give it with --option or with "
                + "--unset-option, not both");
  }

  @Test
  void valuesMinkDependsOnAreChecked() {
    assertThatThrownBy(() -> AlterPlan.of(
            ORDERS,
            new AlterPlan.Request(
                null, Map.of("iceberg.write.format.default", "orc"), List.of(), null),
            2,
            DEFAULTS))
        .hasMessage(
            "Unsupported iceberg.write.format.default 'orc': Mink writes Parquet; leave the option out");
  }
}
