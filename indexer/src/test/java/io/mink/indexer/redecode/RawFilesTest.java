package io.mink.indexer.redecode;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.KafkaColumns;
import io.mink.schema.table.TableColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.DataFiles;
import org.apache.iceberg.Metrics;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class RawFilesTest {
  private static final int KEY = 4;
  private static final int VALUE = 6;
  private static final int DECODED_KEY = 10;
  private static final Schema APPEND = withDecodedKey(KafkaColumns.SCHEMA);
  private static final Schema UPSERT = withDecodedKey(KafkaColumns.UPSERT_SCHEMA);

  @Test
  void aFileWhoseKeysAndValuesAreNullInEveryRowHoldsNoRawPart() {
    assertThat(RawFiles.mayHoldRaw(file(Map.of(KEY, 100L, VALUE, 100L, DECODED_KEY, 0L)), APPEND))
        .isFalse();
  }

  @Test
  void oneValueKeptAsBytesIsEnoughToReadTheFile() {
    assertThat(RawFiles.mayHoldRaw(file(Map.of(KEY, 100L, VALUE, 99L)), APPEND)).isTrue();
  }

  @Test
  void aKeyKeptAsBytesInAnAppendTableIsARawKey() {
    assertThat(RawFiles.mayHoldRaw(file(Map.of(KEY, 99L, VALUE, 100L)), APPEND)).isTrue();
  }

  @Test
  void anUpsertTableKeepsEveryRawKeySoOnlyANullDecodedKeyIsARawKey() {
    assertThat(RawFiles.mayHoldRaw(file(Map.of(KEY, 0L, VALUE, 100L, DECODED_KEY, 0L)), UPSERT))
        .isFalse();
    assertThat(RawFiles.mayHoldRaw(file(Map.of(KEY, 0L, VALUE, 100L, DECODED_KEY, 1L)), UPSERT))
        .isTrue();
    assertThat(RawFiles.mayHoldRaw(file(Map.of(KEY, 0L, VALUE, 100L)), KafkaColumns.UPSERT_SCHEMA))
        .as("keys never decoded")
        .isTrue();
  }

  @Test
  void aFileWithoutStatisticsIsRead() {
    assertThat(RawFiles.mayHoldRaw(file(Map.of()), APPEND)).isTrue();
    assertThat(RawFiles.mayHoldRaw(file(Map.of(KEY, 100L)), APPEND)).isTrue();
  }

  private static DataFile file(Map<Integer, Long> nullCounts) {
    return DataFiles.builder(PartitionSpec.unpartitioned())
        .withPath("/lake/data/file-" + nullCounts.hashCode() + ".parquet")
        .withFileSizeInBytes(1_000)
        .withMetrics(new Metrics(100L, null, null, nullCounts, null))
        .build();
  }

  private static Schema withDecodedKey(Schema kafka) {
    List<Types.NestedField> columns = new ArrayList<>(kafka.columns());
    columns.add(
        Types.NestedField.optional(DECODED_KEY, TableColumns.DECODED_KEY, Types.StringType.get()));
    return new Schema(columns, kafka.identifierFieldIds());
  }
}
