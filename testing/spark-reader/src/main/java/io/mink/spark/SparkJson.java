package io.mink.spark;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import scala.jdk.javaapi.CollectionConverters;

/**
 * Spark values as JSON: structs as objects, arrays as arrays, maps as objects with string keys, binary
 * as base64, timestamps as ISO-8601 with microseconds (UTC ones end in Z), decimals as strings of their
 * plain value. Expects the Java 8 time API on ({@code spark.sql.datetime.java8API.enabled}).
 */
final class SparkJson {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSS");
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSS");

  private SparkJson() {}

  static ObjectNode row(Row row) {
    return struct(row, row.schema());
  }

  private static ObjectNode struct(Row row, StructType type) {
    ObjectNode object = NODES.objectNode();
    StructField[] fields = type.fields();
    for (int i = 0; i < fields.length; i++) {
      object.set(fields[i].name(), value(row.get(i), fields[i].dataType()));
    }
    return object;
  }

  private static JsonNode value(Object value, DataType type) {
    if (value == null) {
      return NODES.nullNode();
    }
    if (type instanceof StructType struct) {
      return struct((Row) value, struct);
    }
    if (type instanceof ArrayType array) {
      ArrayNode elements = NODES.arrayNode();
      for (Object element : elements(value)) {
        elements.add(value(element, array.elementType()));
      }
      return elements;
    }
    if (type instanceof MapType map) {
      ObjectNode entries = NODES.objectNode();
      for (Map.Entry<?, ?> entry : entries(value).entrySet()) {
        entries.set(
            key(value(entry.getKey(), map.keyType())), value(entry.getValue(), map.valueType()));
      }
      return entries;
    }
    return scalar(value);
  }

  private static JsonNode scalar(Object value) {
    if (value instanceof Boolean b) {
      return NODES.booleanNode(b);
    } else if (value instanceof Byte
        || value instanceof Short
        || value instanceof Integer
        || value instanceof Long) {
      return NODES.numberNode(((Number) value).longValue());
    } else if (value instanceof Float f) {
      return NODES.numberNode(f);
    } else if (value instanceof Double d) {
      return NODES.numberNode(d);
    } else if (value instanceof BigDecimal decimal) {
      return NODES.textNode(decimal.toPlainString());
    } else if (value instanceof byte[] bytes) {
      return NODES.textNode(Base64.getEncoder().encodeToString(bytes));
    } else if (value instanceof Instant instant) {
      return NODES.textNode(TIMESTAMP.format(instant.atOffset(ZoneOffset.UTC)) + "Z");
    } else if (value instanceof LocalDateTime local) {
      return NODES.textNode(TIMESTAMP.format(local));
    } else if (value instanceof LocalDate date) {
      return NODES.textNode(date.toString());
    } else if (value instanceof LocalTime time) {
      return NODES.textNode(TIME.format(time));
    }
    return NODES.textNode(value.toString());
  }

  private static String key(JsonNode key) {
    return key.isTextual() ? key.textValue() : key.toString();
  }

  private static Iterable<?> elements(Object array) {
    if (array instanceof scala.collection.Iterable<?> scala) {
      return CollectionConverters.asJava(scala);
    }
    return (List<?>) array;
  }

  private static Map<?, ?> entries(Object map) {
    if (map instanceof scala.collection.Map<?, ?> scala) {
      return CollectionConverters.asJava(scala);
    }
    return (Map<?, ?>) map;
  }
}
