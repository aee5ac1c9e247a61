package io.mink.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.mink.schema.avro.AvroSchemaCompiler;
import io.mink.schema.decode.SchemaCompiler;
import io.mink.schema.json.JsonSchemaCompiler;
import io.mink.schema.protobuf.ProtobufSchemaCompiler;
import io.mink.schema.registry.RegisteredSchema;
import io.mink.schema.registry.SchemaType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;

/** Every row of docs/type-mapping.md, compiled by Mink's compilers: the page says what the code does. */
class TypeMappingReferenceTest {
  private static final Path PAGE = Path.of("..", "docs", "type-mapping.md");

  record Row(String source, String iceberg) {}

  @Test
  void everyAvroRowIsWhatTheCompilerMakes() throws IOException {
    check(
        "Avro",
        new AvroSchemaCompiler(),
        SchemaType.AVRO,
        type -> "{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"f\",\"type\":" + type
            + "}]}");
  }

  @Test
  void everyProtobufRowIsWhatTheCompilerMakes() throws IOException {
    check(
        "Protobuf", new ProtobufSchemaCompiler(), SchemaType.PROTOBUF, type -> """
        syntax = "proto3";
        package reference;
        import "google/protobuf/any.proto";
        import "google/protobuf/duration.proto";
        import "google/protobuf/struct.proto";
        import "google/protobuf/timestamp.proto";
        import "google/protobuf/wrappers.proto";
        message R { %s f = 1; }
        enum Color { RED = 0; GREEN = 1; }
        message Inner { int32 a = 1; }
        message Node { Node next = 1; }
        """.formatted(type));
  }

  @Test
  void everyJsonSchemaRowIsWhatTheCompilerMakes() throws IOException {
    check(
        "JSON Schema",
        new JsonSchemaCompiler(),
        SchemaType.JSON,
        type ->
            "{\"type\":\"object\",\"properties\":{\"f\":" + type + "},\"definitions\":{\"Inner\":"
                + "{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"integer\"}}}}}");
  }

  private static void check(
      String language,
      SchemaCompiler compiler,
      SchemaType type,
      java.util.function.Function<String, String> wrap)
      throws IOException {
    List<Row> rows = rows(language);
    assertThat(rows).as("rows of ## " + language).hasSizeGreaterThan(10);
    SoftAssertions softly = new SoftAssertions();
    for (Row row : rows) {
      try {
        Types.StructType struct = (Types.StructType) compiler
            .compile(RegisteredSchema.of(type, wrap.apply(row.source())))
            .type();
        Types.NestedField field = struct.field("f");
        softly
            .assertThat(describe(field))
            .as(language + " " + row.source())
            .isEqualTo(row.iceberg());
      } catch (Exception e) {
        softly.fail(language + " " + row.source() + " does not compile: " + e);
      }
    }
    softly.assertAll();
  }

  /** The rows of the table under "## language": the first two cells, without their backticks. */
  static List<Row> rows(String language) throws IOException {
    List<String> lines = Files.readAllLines(PAGE);
    int start = lines.indexOf("## " + language);
    assertThat(start).as("section ## " + language + " of " + PAGE).isNotNegative();
    List<Row> rows = new ArrayList<>();
    for (String line : lines.subList(start + 1, lines.size())) {
      if (line.startsWith("## ")) {
        break;
      }
      if (!line.startsWith("| `")) {
        continue;
      }
      String[] cells = line.substring(1).split(" \\| ");
      rows.add(new Row(unquote(cells[0]), unquote(cells[1])));
    }
    return rows;
  }

  private static String unquote(String cell) {
    String trimmed = cell.trim();
    return trimmed.substring(1, trimmed.length() - 1);
  }

  private static String describe(Types.NestedField field) {
    return (field.isOptional() ? "optional " : "") + describe(field.type());
  }

  private static String describe(Type type) {
    if (type instanceof Types.StructType struct) {
      return struct.fields().stream()
          .map(field -> field.name() + ": " + describe(field))
          .collect(Collectors.joining(", ", "struct<", ">"));
    }
    if (type instanceof Types.ListType list) {
      return "list<" + (list.isElementOptional() ? "optional " : "") + describe(list.elementType())
          + ">";
    }
    if (type instanceof Types.MapType map) {
      return "map<" + describe(map.keyType()) + ", " + (map.isValueOptional() ? "optional " : "")
          + describe(map.valueType()) + ">";
    }
    return type.toString();
  }
}
