package io.mink.schema.avro;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaType;
import org.junit.jupiter.api.Test;

/** Schemas whose Iceberg type would be unreasonably deep or large are unreadable, not a hang. */
class AvroSchemaLimitsTest {
  private final AvroSchemaCompiler compiler = new AvroSchemaCompiler();

  @Test
  void namedRecordsReusedAtEveryLevelThatExpandBeyond100000FieldsAreUnreadable() {
    StringBuilder type = new StringBuilder(
        "{\"type\":\"record\",\"name\":\"L0\",\"fields\":[{\"name\":\"x\",\"type\":\"int\"}]}");
    for (int level = 1; level <= 40; level++) {
      type = new StringBuilder("{\"type\":\"record\",\"name\":\"L" + level + "\",\"fields\":[")
          .append("{\"name\":\"left\",\"type\":")
          .append(type)
          .append("},")
          .append("{\"name\":\"right\",\"type\":\"L")
          .append(level - 1)
          .append("\"}]}");
    }
    RegisteredSchema doubling = RegisteredSchema.of(SchemaType.AVRO, type.toString());

    assertThatThrownBy(() -> compiler.compile(doubling))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessageStartingWith("Avro schema has more than 100000 fields, elements and map values"
            + " once its named types are expanded, at field ");
  }

  @Test
  void arraysNestedDeeperThan64LevelsAreUnreadable() {
    String type = "\"int\"";
    for (int level = 0; level < 65; level++) {
      type = "{\"type\":\"array\",\"items\":" + type + "}";
    }
    String deep = type;

    assertThatThrownBy(() -> compiler.compile(RegisteredSchema.of(SchemaType.AVRO, deep)))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessage("Avro schema nests records, arrays and maps deeper than 64 levels at the value"
            + "[]".repeat(64));
  }
}
