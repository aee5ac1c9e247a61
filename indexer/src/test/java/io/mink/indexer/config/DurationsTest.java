package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {
  @Test
  void readsEveryShortUnit() {
    assertThat(Durations.parse("500ms")).isEqualTo(Duration.ofMillis(500));
    assertThat(Durations.parse("30s")).isEqualTo(Duration.ofSeconds(30));
    assertThat(Durations.parse("3m")).isEqualTo(Duration.ofMinutes(3));
    assertThat(Durations.parse("1h")).isEqualTo(Duration.ofHours(1));
    assertThat(Durations.parse("1d")).isEqualTo(Duration.ofDays(1));
  }

  @Test
  void readsIso8601() {
    assertThat(Durations.parse("PT3M")).isEqualTo(Duration.ofMinutes(3));
    assertThat(Durations.parse("PT1H30M")).isEqualTo(Duration.ofMinutes(90));
    assertThat(Durations.parse("P1D")).isEqualTo(Duration.ofDays(1));
  }

  @Test
  void ignoresSurroundingWhitespace() {
    assertThat(Durations.parse(" 3m ")).isEqualTo(Duration.ofMinutes(3));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "abc",
        "",
        "3",
        "m",
        "3 m",
        "3M",
        "1.5h",
        "3min",
        "PT",
        "99999999999999999999s",
        "9223372036854775807d"
      })
  void rejectsWhatIsNoDuration(String text) {
    assertThatThrownBy(() -> Durations.parse(text, "indexer.freshness"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Invalid duration '" + text
            + "' for indexer.freshness: use a number followed by ms, s, m, h or d,"
            + " such as 30s or 3m");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0s", "0ms", "-3m", "PT0S", "PT-3M", "-PT3M"})
  void rejectsZeroAndNegativeDurations(String text) {
    assertThatThrownBy(() -> Durations.parse(text, "indexer.poll_interval"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Invalid duration '" + text
            + "' for indexer.poll_interval: use a duration greater than zero,"
            + " such as 30s or 3m");
  }

  @Test
  void messageWithoutSettingNamesOnlyTheValue() {
    assertThatThrownBy(() -> Durations.parse("abc"))
        .hasMessage(
            "Invalid duration 'abc': use a number followed by ms, s, m, h or d, such as 30s or 3m");
  }

  @Test
  void formatsWithTheLargestUnitThatDivides() {
    assertThat(Durations.format(Duration.ofMinutes(3))).isEqualTo("3m");
    assertThat(Durations.format(Duration.ofSeconds(90))).isEqualTo("90s");
    assertThat(Durations.format(Duration.ofMillis(500))).isEqualTo("500ms");
    assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
    assertThat(Durations.format(Duration.ofHours(2))).isEqualTo("2h");
    assertThat(Durations.format(Duration.ofDays(2))).isEqualTo("2d");
    assertThat(Durations.format(Duration.ofMinutes(90))).isEqualTo("90m");
    assertThat(Durations.format(Duration.ZERO)).isEqualTo("0s");
  }

  @Test
  void formatsSubMillisecondDurationsAsIso8601() {
    assertThat(Durations.format(Duration.ofNanos(1500))).isEqualTo("PT0.0000015S");
  }

  @ParameterizedTest
  @ValueSource(strings = {"500ms", "30s", "3m", "1h", "1d", "90s", "25h", "PT0.0000015S"})
  void formatReadsBack(String text) {
    Duration duration = Durations.parse(text);
    assertThat(Durations.parse(Durations.format(duration))).isEqualTo(duration);
  }
}
