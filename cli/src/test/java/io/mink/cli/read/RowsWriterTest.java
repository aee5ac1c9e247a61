package io.mink.cli.read;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.batch.RowBatch;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class RowsWriterTest {
  private static final Schema IDS =
      new Schema(Types.NestedField.required(1, "id", Types.LongType.get()));
  private static final Schema NAMES =
      new Schema(Types.NestedField.optional(1, "name", Types.StringType.get()));

  @ParameterizedTest
  @EnumSource(ReadOutput.class)
  void aBatchOfAnotherSchemaIsRefused(ReadOutput format) throws IOException {
    try (RowsWriter writer = RowsWriter.of(format, new ByteArrayOutputStream());
        RowBatch batch = RowBatch.of(NAMES, RowsFixture.strings(NAMES, "a"))) {
      writer.begin(IDS, Map.of());

      assertThatThrownBy(() -> writer.write(batch))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("Cannot write a batch of schema struct<1: name: optional string> to an output"
              + " begun with schema struct<1: id: required long>");
    }
  }

  @ParameterizedTest
  @EnumSource(ReadOutput.class)
  void batchesAndFinishBeforeBeginAreRefused(ReadOutput format) throws IOException {
    try (RowsWriter writer = RowsWriter.of(format, new ByteArrayOutputStream());
        RowBatch batch = RowBatch.of(NAMES, List.of())) {
      assertThatThrownBy(() -> writer.write(batch))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("Cannot write rows: the rows output has not begun; call begin first");
      assertThatThrownBy(writer::finish)
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("Cannot finish: the rows output has not begun; call begin first");
    }
  }

  @ParameterizedTest
  @EnumSource(ReadOutput.class)
  void theOutputBeginsOnce(ReadOutput format) throws IOException {
    try (RowsWriter writer = RowsWriter.of(format, new ByteArrayOutputStream())) {
      writer.begin(IDS, Map.of());

      assertThatThrownBy(() -> writer.begin(IDS, Map.of()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessage("Cannot begin the rows output twice");
    }
  }
}
