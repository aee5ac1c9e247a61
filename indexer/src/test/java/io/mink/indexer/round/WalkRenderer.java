package io.mink.indexer.round;

/**
 * Renders a {@link WalkSchema} version as Avro schema JSON: optional parts as a union with null
 * (default null for fields), decimals as bytes with the decimal logical type and scale 2, and every
 * record named uniquely within the schema ({@code Walk}, then {@code R1}, {@code R2}, ...).
 */
final class WalkRenderer {
  private final StringBuilder json = new StringBuilder();
  private int records;

  private WalkRenderer() {}

  static String avro(WalkSchema version) {
    WalkRenderer renderer = new WalkRenderer();
    renderer.type(version.root());
    return renderer.json.toString();
  }

  private void type(WalkSchema.Type type) {
    if (type instanceof WalkSchema.Prim prim) {
      primitive(prim);
    } else if (type instanceof WalkSchema.Struct struct) {
      record(struct);
    } else if (type instanceof WalkSchema.ListOf list) {
      json.append("{\"type\": \"array\", \"items\": ");
      optional(list.element, list.elementOptional);
      json.append('}');
    } else {
      WalkSchema.MapOf map = (WalkSchema.MapOf) type;
      json.append("{\"type\": \"map\", \"values\": ");
      optional(map.value, map.valueOptional);
      json.append('}');
    }
  }

  private void record(WalkSchema.Struct struct) {
    String name = records == 0 ? "Walk" : "R" + records;
    records++;
    json.append("{\"type\": \"record\", \"name\": \"")
        .append(name)
        .append("\", \"namespace\": \"mink.walk\", ")
        .append("\"fields\": [");
    for (int i = 0; i < struct.fields.size(); i++) {
      WalkSchema.Field field = struct.fields.get(i);
      json.append(i == 0 ? "" : ", ")
          .append("{\"name\": \"")
          .append(field.name)
          .append("\", \"type\": ");
      optional(field.type, field.optional);
      json.append(field.optional ? ", \"default\": null}" : "}");
    }
    json.append("]}");
  }

  private void optional(WalkSchema.Type type, boolean optional) {
    if (optional) {
      json.append("[\"null\", ");
      type(type);
      json.append(']');
    } else {
      type(type);
    }
  }

  private void primitive(WalkSchema.Prim prim) {
    switch (prim.kind()) {
      case INT -> json.append("\"int\"");
      case LONG -> json.append("\"long\"");
      case FLOAT -> json.append("\"float\"");
      case DOUBLE -> json.append("\"double\"");
      case STRING -> json.append("\"string\"");
      case BOOLEAN -> json.append("\"boolean\"");
      case DECIMAL ->
        json.append("{\"type\": \"bytes\", \"logicalType\": \"decimal\", \"precision\": ")
            .append(prim.precision())
            .append(", \"scale\": 2}");
    }
  }
}
