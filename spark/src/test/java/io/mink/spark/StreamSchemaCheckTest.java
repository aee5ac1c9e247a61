package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.indexer.errors.MinkException;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class StreamSchemaCheckTest {
  private static final Schema BEFORE = new Schema(
      Types.NestedField.required(1, "id", Types.LongType.get()),
      Types.NestedField.optional(2, "quantity", Types.IntegerType.get()));
  private static final StreamSchemaCheck CHECK =
      new StreamSchemaCheck("kafka.orders", SparkTypes.struct(BEFORE, "kafka.orders"));

  @Test
  void theStreamsOwnColumnsPass() {
    assertThatCode(() -> CHECK.require(BEFORE)).doesNotThrowAnyException();
  }

  @Test
  void aNewColumnOrAPromotedTypeStopsTheStreamSayingToRestart() {
    Schema after = new Schema(
        Types.NestedField.required(1, "id", Types.LongType.get()),
        Types.NestedField.optional(2, "quantity", Types.LongType.get()),
        Types.NestedField.optional(3, "note", Types.StringType.get()));

    assertThatThrownBy(() -> CHECK.require(after))
        .isInstanceOf(MinkException.class)
        .hasMessage(
            "The columns of table kafka.orders changed while the stream read it: new columns "
                + "[note], changed columns [quantity (int is now bigint)]. Spark fixes a stream's columns "
                + "when the query starts: restart the query to read them (it goes on from its "
                + "checkpoint, with the columns of the table as it is then)");
  }
}
