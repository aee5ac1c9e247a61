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

  @Test
  void anEntryWithoutAVersionReadsAsVersionOne() {
    String entry =
        "{\"revision\":2,\"namespace\":\"kafka\",\"name\":\"orders\",\"topic\":\"orders\","
            + "\"freshness_ms\":1000,\"added_at\":\"2026-11-01T10:00:00Z\"}";

    assertThat(TableDescriptorCodec.version(entry.getBytes(StandardCharsets.UTF_8)))
        .isEqualTo(1);
    assertThat(
            TableDescriptorCodec.decode(entry.getBytes(StandardCharsets.UTF_8)).revision())
        .isEqualTo(2);
  }

  @Test
  void theVersionWrittenIsTheNewestRead() {
    TableDescriptor table = new TableDescriptor(
        "kafka", "orders", "orders", "abc", Duration.ofMinutes(3), Map.of(), ADDED);

    assertThat(TableDescriptorCodec.version(TableDescriptorCodec.encode(new TableEntry(table, 1))))
        .isEqualTo(TableDescriptorCodec.ENTRY_FORMAT_VERSION)
        .isEqualTo(1);
  }

  @Test
  void anEntryOfANewerFormatIsRefusedNotReadAsAnOlderOne() {
    byte[] entry = ("{\"version\":2,\"revision\":4,\"namespace\":\"kafka\",\"name\":\"orders\","
            + "\"topic\":\"orders\",\"freshness_ms\":1000,\"added_at\":\"2026-11-01T10:00:00Z\","
            + "\"sink\":{\"kind\":\"something new\"}}")
        .getBytes(StandardCharsets.UTF_8);

    assertThat(TableDescriptorCodec.version(entry)).isEqualTo(2);
    assertThatThrownBy(() -> TableDescriptorCodec.decode(entry))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Entry format version 2 is newer than the newest this Mink reads, 1");
  }

  @Test
  void theRefusalNamesBothVersionsAndTheUpgrade() {
    assertThat(new NewerEntryFormatException("kafka.orders", "_mink_tables", 2))
        .hasMessage(
            "Table kafka.orders in the tables topic _mink_tables has entry format version 2, and"
                + " this Mink reads entry formats up to version 1: upgrade Mink to a version that reads entry"
                + " format 2 on every instance. This Mink leaves the table alone: it neither indexes, changes"
                + " nor removes it");
  }

  @Test
  void aVersionThatIsNoWholeNumberIsUnreadable() {
    assertThatThrownBy(() ->
            TableDescriptorCodec.version("{\"version\":\"two\"}".getBytes(StandardCharsets.UTF_8)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "Unreadable table descriptor {\"version\":\"two\"}: its version \"two\" is no whole"
                + " number");
  }
}
