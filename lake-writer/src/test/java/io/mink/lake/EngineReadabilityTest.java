package io.mink.lake;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class EngineReadabilityTest {
  @Test
  void timeColumnsAreFoundAtAnyDepthAndNamedByTheirPath() {
    Schema schema = new Schema(
        Types.NestedField.optional(1, "id", Types.LongType.get()),
        Types.NestedField.optional(2, "pickup", Types.TimeType.get()),
        Types.NestedField.optional(3, "stops", Types.ListType.ofOptional(6, Types.TimeType.get())),
        Types.NestedField.optional(
            4,
            "slots",
            Types.MapType.ofOptional(7, 8, Types.StringType.get(), Types.TimeType.get())),
        Types.NestedField.optional(
            5,
            "driver",
            Types.StructType.of(
                Types.NestedField.optional(9, "shift_start", Types.TimeType.get()))));

    assertThat(EngineReadability.timeColumns(schema))
        .containsExactly("pickup", "stops.element", "slots.value", "driver.shift_start");
    assertThat(EngineReadability.warning(schema))
        .get()
        .asString()
        .startsWith(
            "Spark cannot read this table: columns pickup, stops.element, slots.value, driver.shift_start are "
                + "of Iceberg type time, which Iceberg's Spark runtime refuses;")
        .endsWith(
            "a table added with --option mink.time-as=long or mink.time-as=string stores times of day as a "
                + "type every engine reads");
  }

  @Test
  void aTableWithoutTimeColumnsHasNoWarning() {
    Schema schema = new Schema(
        Types.NestedField.optional(1, "pickup", Types.LongType.get()),
        Types.NestedField.optional(2, "at", Types.TimestampType.withZone()));

    assertThat(EngineReadability.warning(schema)).isEmpty();
  }

  @Test
  void oneColumnIsNamedInTheSingular() {
    Schema schema = new Schema(Types.NestedField.optional(1, "pickup", Types.TimeType.get()));

    assertThat(EngineReadability.warning(schema))
        .get()
        .asString()
        .startsWith("Spark cannot read this table: column pickup is of Iceberg type time");
  }
}
