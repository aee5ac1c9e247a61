package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DataSizesTest {
  @Test
  void readsBinaryUnits() {
    assertThat(DataSizes.parse("512KiB")).isEqualTo(512L * 1024);
    assertThat(DataSizes.parse("128MiB")).isEqualTo(128L * 1024 * 1024);
    assertThat(DataSizes.parse("1GiB")).isEqualTo(1024L * 1024 * 1024);
    assertThat(DataSizes.parse("2TiB")).isEqualTo(2L << 40);
  }

  @Test
  void readsDecimalUnits() {
    assertThat(DataSizes.parse("64MB")).isEqualTo(64_000_000L);
    assertThat(DataSizes.parse("1GB")).isEqualTo(1_000_000_000L);
    assertThat(DataSizes.parse("3KB")).isEqualTo(3_000L);
    assertThat(DataSizes.parse("3kB")).isEqualTo(3_000L);
    assertThat(DataSizes.parse("1TB")).isEqualTo(1_000_000_000_000L);
  }

  @Test
  void readsPlainBytes() {
    assertThat(DataSizes.parse("1048576")).isEqualTo(1_048_576L);
    assertThat(DataSizes.parse("100B")).isEqualTo(100L);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "abc",
        "",
        "MiB",
        "128 MiB",
        "128mib",
        "1.5GiB",
        "128XB",
        "9223372036854775807KiB",
        "99999999999999999999"
      })
  void rejectsWhatIsNoSize(String text) {
    assertThatThrownBy(() -> DataSizes.parse(text, "indexer.target_file_size"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Invalid data size '" + text
            + "' for indexer.target_file_size: use a number of bytes, or a number"
            + " followed by B, KiB, MiB, GiB, TiB, KB, MB, GB or TB, such as 128MiB");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "0MiB", "-1", "-128MiB"})
  void rejectsZeroAndNegativeSizes(String text) {
    assertThatThrownBy(() -> DataSizes.parse(text, "indexer.target_file_size"))
        .isInstanceOf(ConfigException.class)
        .hasMessage("Invalid data size '" + text
            + "' for indexer.target_file_size: use a size greater than zero," + " such as 128MiB");
  }

  @Test
  void messageWithoutSettingNamesOnlyTheValue() {
    assertThatThrownBy(() -> DataSizes.parse("abc"))
        .hasMessage(
            "Invalid data size 'abc': use a number of bytes, or a number followed by B, KiB, MiB, GiB, TiB,"
                + " KB, MB, GB or TB, such as 128MiB");
  }

  @Test
  void formatsWithTheUnitGivingTheSmallestNumber() {
    assertThat(DataSizes.format(128L << 20)).isEqualTo("128MiB");
    assertThat(DataSizes.format(64_000_000L)).isEqualTo("64MB");
    assertThat(DataSizes.format(1L << 30)).isEqualTo("1GiB");
    assertThat(DataSizes.format(1536L)).isEqualTo("1536B");
    assertThat(DataSizes.format(1000L)).isEqualTo("1KB");
    assertThat(DataSizes.format(1001L)).isEqualTo("1001B");
    assertThat(DataSizes.format(0L)).isEqualTo("0B");
  }

  @ParameterizedTest
  @ValueSource(strings = {"128MiB", "64MB", "1GiB", "512KiB", "1048576", "1001"})
  void formatReadsBack(String text) {
    long bytes = DataSizes.parse(text);
    assertThat(DataSizes.parse(DataSizes.format(bytes))).isEqualTo(bytes);
  }
}
