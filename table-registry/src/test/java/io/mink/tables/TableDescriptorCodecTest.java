package io.mink.tables;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TableDescriptorCodecTest {
  private static final Instant ADDED = Instant.parse("2026-11-01T10:00:00Z");

  @Test
  void aDescriptorReadsBackAsWritten() {
    TableDescriptor table = new TableDescriptor(
            "sales",
            "orders",
            "orders.v1",
            "abc",
            Duration.ofSeconds(90),
            Map.of("iceberg.format-version", "3", "auto-compaction", "true"),
            ADDED)
        .withLifecycle(new Lifecycle(
            LifecycleState.REPLACED, ADDED.plusSeconds(60), "topic orders.v1 was deleted"));

    assertThat(TableDescriptorCodec.decode(TableDescriptorCodec.encode(new TableEntry(table, 7))))
        .isEqualTo(new TableEntry(table, 7));
  }

  @Test
  void theStateIsWrittenWithItsNameTimeAndReason() {
    TableDescriptor table = new TableDescriptor(
        "kafka", "orders", "orders", "abc", Duration.ofMinutes(3), Map.of(), ADDED);

    assertThat(new String(
            TableDescriptorCodec.encode(new TableEntry(table, 3)), StandardCharsets.UTF_8))
        .isEqualTo(
            "{\"version\":1,\"revision\":3,"
                + "\"namespace\":\"kafka\",\"name\":\"orders\",\"topic\":\"orders\",\"topic_id\":\"abc\","
                + "\"freshness_ms\":180000,\"options\":{},\"added_at\":\"2026-11-01T10:00:00Z\","
                + "\"state\":{\"name\":\"indexing\",\"since\":\"2026-11-01T10:00:00Z\",\"reason\":\"added\"}}");
  }

  @Test
  void anEntryWrittenBeforeStatesAndRevisionsExistedIsIndexingSinceItWasAddedAtRevisionZero() {
    String entry =
        "{\"version\":1,\"namespace\":\"kafka\",\"name\":\"orders\",\"topic\":\"orders\","
            + "\"topic_id\":\"abc\",\"freshness_ms\":180000,\"options\":{},\"added_at\":\"2026-11-01T10:00:00Z\"}";

    TableEntry read = TableDescriptorCodec.decode(entry.getBytes(StandardCharsets.UTF_8));

    assertThat(read.descriptor().lifecycle()).isEqualTo(Lifecycle.indexing(ADDED, "added"));
    assertThat(read.revision()).isZero();
  }

  @Test
  void anUnknownStateIsRefusedWithTheStatesThereAre() {
    String entry =
        "{\"namespace\":\"kafka\",\"name\":\"orders\",\"topic\":\"orders\",\"freshness_ms\":1000,"
            + "\"added_at\":\"2026-11-01T10:00:00Z\",\"state\":{\"name\":\"paused\",\"since\":\"2026-11-01T10:00:00Z\"}}";

    assertThatThrownBy(() -> TableDescriptorCodec.decode(entry.getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(
            "Unknown table state 'paused': expected indexing, missing, replaced or removing");
  }
}
