package io.mink.indexer.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.lake.write.ParquetEncoder;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WriterMemoryConfigTest {
  @TempDir
  Path directory;

  @Test
  void writerMemoryIsASizeOrAShareOfTheHeap() {
    assertThat(load(
            Map.of("MINK_INDEXER_WRITER_MEMORY", "256MiB", "MINK_INDEXER_MAX_OPEN_FILES", "32")))
        .isEqualTo(new WriterMemorySettings(256L << 20, 32));
    assertThat(load(Map.of("MINK_INDEXER_WRITER_MEMORY", "50%")).writerMemoryBytes())
        .isEqualTo(Runtime.getRuntime().maxMemory() / 2);
    assertThat(load(Map.of())).isEqualTo(WriterMemorySettings.defaults());
  }

  @Test
  void aShareOutsideOneToNinetyNinePercentSaysWhatToUse() {
    assertThatThrownBy(() -> load(Map.of("MINK_INDEXER_WRITER_MEMORY", "150%")))
        .isInstanceOf(ConfigException.class)
        .hasMessage(
            "Invalid value '150%' for MINK_INDEXER_WRITER_MEMORY: use a size such as \"256MiB\" or a share "
                + "of the heap from 1% to 99%, such as \"25%\"");
  }

  @Test
  void theParquetEncoderIsParquetJavaUnlessDuckDbIsChosen() {
    assertThat(load(Map.of()).encoder()).isEqualTo(ParquetEncoder.PARQUET_JAVA);
    assertThat(load(Map.of("MINK_INDEXER_PARQUET_ENCODER", "DuckDB")).encoder())
        .isEqualTo(ParquetEncoder.DUCKDB);
    assertThatThrownBy(() -> load(Map.of("MINK_INDEXER_PARQUET_ENCODER", "arrow")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("'arrow'")
        .hasMessageContaining("use one of parquet-java, duckdb");
  }

  private WriterMemorySettings load(Map<String, String> variables) {
    Map<String, String> environment = new java.util.HashMap<>(variables);
    environment.put("MINK_KAFKA_BOOTSTRAP_SERVERS", "localhost:9092");
    return MinkConfigLoader.load(null, environment, directory).writerMemory();
  }
}
