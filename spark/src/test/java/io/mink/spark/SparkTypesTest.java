package io.mink.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructType;
import org.junit.jupiter.api.Test;

class SparkTypesTest {
  @Test
  void icebergColumnsBecomeSparkColumnsNestedAndNullableAsTheyAre() {
    Schema schema = new Schema(
        Types.NestedField.required(1, "_kafka_offset", Types.LongType.get()),
        Types.NestedField.optional(2, "at", Types.TimestampType.withZone()),
        Types.NestedField.optional(3, "local", Types.TimestampType.withoutZone()),
        Types.NestedField.optional(4, "total", Types.DecimalType.of(10, 2), "the order's total"),
        Types.NestedField.optional(
            5,
            "lines",
            Types.ListType.ofRequired(
                6,
                Types.StructType.of(
                    Types.NestedField.optional(7, "sku", Types.StringType.get()),
                    Types.NestedField.optional(8, "qty", Types.IntegerType.get())))),
        Types.NestedField.optional(
            9,
            "tags",
            Types.MapType.ofOptional(10, 11, Types.StringType.get(), Types.BinaryType.get())));

    StructType spark = SparkTypes.struct(schema, "kafka.orders");

    assertThat(spark.fieldNames())
        .containsExactly("_kafka_offset", "at", "local", "total", "lines", "tags");
    assertThat(spark.apply("_kafka_offset").nullable()).isFalse();
    assertThat(spark.apply("_kafka_offset").dataType()).isEqualTo(DataTypes.LongType);
    assertThat(spark.apply("at").dataType()).isEqualTo(DataTypes.TimestampType);
    assertThat(spark.apply("local").dataType()).isEqualTo(DataTypes.TimestampNTZType);
    assertThat(spark.apply("total").dataType()).isEqualTo(DataTypes.createDecimalType(10, 2));
    assertThat(spark.apply("total").getComment().get()).isEqualTo("the order's total");
    assertThat(spark.apply("lines").dataType().simpleString())
        .isEqualTo("array<struct<sku:string,qty:int>>");
    assertThat(spark.apply("tags").dataType().simpleString()).isEqualTo("map<string,binary>");
  }

  @Test
  void aColumnSparkCannotReadFromArrowIsRefusedByName() {
    Schema schema = new Schema(Types.NestedField.optional(1, "id", Types.UUIDType.get()));

    assertThatThrownBy(() -> SparkTypes.struct(schema, "kafka.orders"))
        .hasMessageStartingWith(
            "Column id of kafka.orders is of type uuid, which Mink's Spark runtime does not read yet");
  }
}
