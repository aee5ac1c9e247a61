package io.mink.schema.json;

import static io.mink.schema.json.JsonSchemaTesting.COMPILER;
import static io.mink.schema.json.JsonSchemaTesting.compile;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mink.schema.decode.UnreadableSchemaException;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaType;
import org.junit.jupiter.api.Test;

/** Schemas that cannot be compiled, and the messages that say why. */
class JsonSchemaUnreadableTest {

  @Test
  void schemaTextThatIsNotJsonIsUnreadable() {
    assertThatThrownBy(() -> compile("{\"type\": \"object\",\n \"properties\": {]}"))
        .isInstanceOf(UnreadableSchemaException.class)
        .hasMessageStartingWith("The schema is not valid JSON: Unexpected close marker ']'")
        .hasMessageEndingWith("at line 2, column 17");
  }

  @Test
  void schemaThatIsNotAnObjectOrBooleanIsUnreadable() {
    assertThatThrownBy(() -> compile("[1]"))
        .hasMessage("The schema must be a JSON object or a boolean, not array");
    assertThatThrownBy(() -> compile(""))
        .hasMessage("The schema must be a JSON object or a boolean, not empty");
  }

  @Test
  void propertyDeclaredTwiceIsUnreadable() {
    assertThatThrownBy(() -> compile("{\"properties\": {\"a\": {}, \"a\": {}}}"))
        .hasMessageStartingWith("The schema is not valid JSON: Duplicate field 'a'");
  }

  @Test
  void unknownTypeNameIsUnreadable() {
    assertThatThrownBy(
            () -> compile("{\"type\": \"object\", \"properties\": {\"n\": {\"type\": \"int\"}}}"))
        .hasMessage(
            "Unknown type 'int' at #/properties/n: expected null, boolean, object, array, number, string "
                + "or integer");
  }

  @Test
  void subschemaThatIsNotASchemaIsUnreadable() {
    assertThatThrownBy(() -> compile("{\"type\": \"array\", \"items\": 5}"))
        .hasMessage("The schema at #/items must be an object or a boolean, not a number");
  }

  @Test
  void schemaOfAnotherLanguageIsUnreadable() {
    assertThatThrownBy(() ->
            COMPILER.compile(RegisteredSchema.of(SchemaType.PROTOBUF, "syntax = \"proto3\";")))
        .hasMessage("Cannot compile a PROTOBUF schema as a JSON Schema");
  }

  @Test
  void schemaNestingDeeperThanSixtyFourLevelsIsUnreadable() {
    String deep =
        "{\"type\": \"array\", \"items\": ".repeat(64) + "{\"type\": \"string\"}" + "}".repeat(64);

    assertThatThrownBy(() -> compile(deep))
        .hasMessageStartingWith("The schema nests deeper than 64 levels at #/items/items/");
  }

  @Test
  void schemaWhoseReferencesExpandBeyondFiftyThousandFieldsIsUnreadable() {
    StringBuilder definitions = new StringBuilder();
    for (int level = 1; level < 30; level++) {
      definitions
          .append(", ")
          .append("\"d")
          .append(level)
          .append("\": {\"type\": \"object\", ")
          .append("\"properties\": {\"left\": {\"$ref\": \"#/$defs/d")
          .append(level + 1)
          .append("\"}, ")
          .append("\"right\": {\"$ref\": \"#/$defs/d")
          .append(level + 1)
          .append("\"}}}");
    }
    String schema = "{\"$ref\": \"#/$defs/d0\", \"$defs\": {\"d0\": {\"$ref\": \"#/$defs/d1\"}"
        + definitions + ", \"d30\": {\"type\": \"integer\"}}}";

    assertThatThrownBy(() -> compile(schema))
        .hasMessageStartingWith(
            "The schema maps to more than 50000 fields once its $ref are expanded, at '");
  }
}
