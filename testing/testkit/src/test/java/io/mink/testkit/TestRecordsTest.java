package io.mink.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class TestRecordsTest {
  private static final List<TestRecord> MIXED = TestRecords.mixed(42, 500, 3);

  @Test
  void sameSeedGivesSameRecords() {
    assertThat(texts(TestRecords.mixed(42, 500, 3))).isEqualTo(texts(MIXED));
  }

  @Test
  void otherSeedGivesOtherRecords() {
    assertThat(texts(TestRecords.mixed(43, 500, 3))).isNotEqualTo(texts(MIXED));
  }

  @Test
  void mixedRecordsCoverEveryAwkwardShape() {
    assertThat(MIXED).extracting(TestRecord::partition).containsOnly(0, 1, 2).contains(0, 1, 2);
    assertThat(share(record -> record.key() == null)).isBetween(0.05, 0.15);
    assertThat(share(record -> record.value() == null)).isBetween(0.05, 0.15);
    assertThat(MIXED).anyMatch(record -> record.key() != null && record.key().length == 0);
    assertThat(MIXED).anyMatch(record -> record.value() != null && record.value().length == 0);
    assertThat(MIXED).allMatch(record -> record.headers().size() <= TestRecords.MAX_HEADERS);
    assertThat(MIXED).anyMatch(record -> record.headers().isEmpty());
    assertThat(MIXED)
        .anyMatch(record ->
            record.headers().stream().filter(h -> h.key().equals("trace")).count() >= 2);
    assertThat(MIXED)
        .anyMatch(record -> record.headers().stream().anyMatch(header -> header.value() == null));
    assertThat(MIXED).anyMatch(record -> record.timestamp() == null);
    assertThat(share(record ->
            record.timestamp() != null && record.timestamp() >= TestRecords.BASE_TIMESTAMP))
        .isBetween(0.7, 0.9);
    assertThat(MIXED)
        .anyMatch(record ->
            record.timestamp() != null && record.timestamp() < TestRecords.BASE_TIMESTAMP);
  }

  @Test
  void sizedRecordsHaveTheAskedValueSizeRoundRobin() {
    List<TestRecord> records = TestRecords.sized(1, 1000, 1024, 4);

    assertThat(records).hasSize(1000);
    assertThat(records)
        .allMatch(record -> record.value().length == 1024 && record.key().length == 16);
    assertThat(records).allMatch(record -> record.headers().size() == 1);
    assertThat(records.subList(0, 5))
        .extracting(TestRecord::partition)
        .containsExactly(0, 1, 2, 3, 0);
    assertThat(records.stream()
            .map(record -> HexFormat.of().formatHex(record.value()))
            .distinct()
            .count())
        .isGreaterThan(990);
  }

  @Test
  void negativePartitionIsRejectedWithTheFix() {
    assertThatThrownBy(() -> new TestRecord(-1, null, null, List.of(), null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("partition is -1: use 0 or more, or null to let the producer choose");
  }

  private static double share(Predicate<TestRecord> predicate) {
    return (double) MIXED.stream().filter(predicate).count() / MIXED.size();
  }

  private static List<String> texts(List<TestRecord> records) {
    return records.stream().map(TestRecordsTest::text).toList();
  }

  private static String text(TestRecord record) {
    String headers = record.headers().stream()
        .map(header -> header.key() + "=" + hex(header.value()))
        .collect(Collectors.joining(","));
    return record.partition() + "|" + hex(record.key()) + "|" + hex(record.value()) + "|" + headers
        + "|" + Objects.toString(record.timestamp());
  }

  private static String hex(byte[] bytes) {
    return bytes == null ? "null" : HexFormat.of().formatHex(bytes);
  }
}
