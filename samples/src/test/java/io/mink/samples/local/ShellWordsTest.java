package io.mink.samples.local;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShellWordsTest {
  @Test
  void wordsTheShellKeepsStayBare() {
    assertThat(ShellWords.commandLine(
            "mink", "read", "kafka.orders", "--columns", "_kafka_partition,_kafka_offset"))
        .isEqualTo("mink read kafka.orders --columns _kafka_partition,_kafka_offset");
  }

  @Test
  void wordWithSpacesGoesInSingleQuotes() {
    assertThat(ShellWords.quote("SELECT count(*) FROM orders"))
        .isEqualTo("'SELECT count(*) FROM orders'");
  }

  @Test
  void wordWithSingleQuotesGoesInDoubleQuotesWithTheShellsSpecialCharactersEscaped() {
    assertThat(ShellWords.quote("_kafka_timestamp >= '2026-12-06T17:54:08Z' AND \"$x\" <> `y` \\"))
        .isEqualTo(
            "\"_kafka_timestamp >= '2026-12-06T17:54:08Z' AND \\\"\\$x\\\" <> \\`y\\` \\\\\"");
  }
}
