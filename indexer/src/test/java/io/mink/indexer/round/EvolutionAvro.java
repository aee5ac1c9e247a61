package io.mink.indexer.round;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalType;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * An {@link EvolutionType} as an Avro schema: structs are records (each defined where first used),
 * optional fields {@code ["null", T]} with default null, decimals bytes with the decimal logical
 * type. Payloads are written by Avro's GenericDatumWriter.
 */
final class EvolutionAvro implements EvolutionLanguage.Writer {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private final String text;
  private final Schema schema;

  EvolutionAvro(EvolutionType type) {
    try {
      this.text = new ObjectMapper().writeValueAsString(render(type, new HashSet<>()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    this.schema = new Schema.Parser().parse(text);
  }

  @Override
  public String schemaText() {
    return text;
  }

  @Override
  public byte[] write(Object value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    try {
      new GenericDatumWriter<>(schema).write(datum(schema, value), encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static JsonNode render(EvolutionType type, Set<String> defined) {
    if (type instanceof EvolutionType.Primitive primitive) {
      return TextNode.valueOf(
          switch (primitive) {
            case INT -> "int";
            case LONG -> "long";
            case FLOAT -> "float";
            case DOUBLE -> "double";
            case STRING -> "string";
          });
    }
    if (type instanceof EvolutionType.Decimal decimal) {
      return NODES
          .objectNode()
          .put("type", "bytes")
          .put("logicalType", "decimal")
          .put("precision", decimal.precision())
          .put("scale", decimal.scale());
    }
    if (type instanceof EvolutionType.ListOf list) {
      ObjectNode array = NODES.objectNode().put("type", "array");
      array.set("items", render(list.element(), defined));
      return array;
    }
    if (type instanceof EvolutionType.MapOf map) {
      if (map.key() != EvolutionType.Primitive.STRING) {
        throw new IllegalArgumentException("Avro map keys are strings, not " + map.key());
      }
      ObjectNode avroMap = NODES.objectNode().put("type", "map");
      avroMap.set("values", render(map.value(), defined));
      return avroMap;
    }
    EvolutionType.Struct struct = (EvolutionType.Struct) type;
    if (!defined.add(struct.name())) {
      return TextNode.valueOf(struct.name());
    }
    ArrayNode fields = NODES.arrayNode();
    for (EvolutionType.Field field : struct.fields()) {
      ObjectNode avroField = fields.addObject().put("name", field.name());
      JsonNode fieldType = render(field.type(), defined);
      if (field.required()) {
        avroField.set("type", fieldType);
      } else {
        avroField.set("type", NODES.arrayNode().add("null").add(fieldType));
        avroField.putNull("default");
      }
      if (field.doc() != null) {
        avroField.put("doc", field.doc());
      }
    }
    ObjectNode record = NODES
        .objectNode()
        .put("type", "record")
        .put("name", struct.name())
        .put("namespace", "evolution");
    record.set("fields", fields);
    return record;
  }

  private static Object datum(Schema schema, Object value) {
    if (value == null) {
      return null;
    }
    LogicalType logicalType = schema.getLogicalType();
    if (logicalType != null && logicalType.getName().equals("decimal")) {
      return new Conversions.DecimalConversion().toBytes((BigDecimal) value, schema, logicalType);
    }
    return switch (schema.getType()) {
      case RECORD -> {
        Map<?, ?> fields = (Map<?, ?>) value;
        GenericData.Record record = new GenericData.Record(schema);
        for (Schema.Field field : schema.getFields()) {
          record.put(field.name(), datum(field.schema(), fields.get(field.name())));
        }
        for (Object name : fields.keySet()) {
          if (schema.getField((String) name) == null) {
            throw new IllegalArgumentException(
                "Record " + schema.getName() + " has no field " + name);
          }
        }
        yield record;
      }
      case UNION -> datum(schema.getTypes().get(1), value);
      case ARRAY -> {
        List<Object> items = new ArrayList<>();
        for (Object item : (List<?>) value) {
          items.add(datum(schema.getElementType(), item));
        }
        yield items;
      }
      case MAP -> {
        Map<String, Object> entries = new LinkedHashMap<>();
        ((Map<?, ?>) value)
            .forEach((key, item) -> entries.put((String) key, datum(schema.getValueType(), item)));
        yield entries;
      }
      case INT -> ((Number) value).intValue();
      case LONG -> ((Number) value).longValue();
      case FLOAT -> ((Number) value).floatValue();
      case DOUBLE -> ((Number) value).doubleValue();
      case STRING -> value.toString();
      default ->
        throw new IllegalArgumentException("EvolutionType has no Avro " + schema.getType());
    };
  }
}
