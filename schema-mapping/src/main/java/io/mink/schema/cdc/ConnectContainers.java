package io.mink.schema.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.mink.schema.decode.UndecodableException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** Kafka Connect's struct, array and map as JsonConverter writes them. Every field, element and map value may be null. */
final class ConnectContainers {
  private ConnectContainers() {}

  /** A struct as a JSON object: properties the schema does not name are skipped, a missing one is null. */
  static final class StructValue implements ConnectValue {
    private final String where;
    private final Types.StructType struct;
    private final GenericRecord template;
    private final String[] names;
    private final ConnectValue[] fields;

    StructValue(String where, Types.StructType struct, List<ConnectValue> fields) {
      this.where = where;
      this.struct = struct;
      this.template = GenericRecord.create(struct);
      this.fields = fields.toArray(new ConnectValue[0]);
      this.names = struct.fields().stream().map(Types.NestedField::name).toArray(String[]::new);
    }

    @Override
    public String where() {
      return where;
    }

    @Override
    public Type type() {
      return struct;
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      if (!node.isObject()) {
        throw wrong(node, "an object");
      }
      GenericRecord record = template.copy();
      for (int position = 0; position < fields.length; position++) {
        JsonNode field = node.get(names[position]);
        if (field != null && !field.isNull()) {
          record.set(position, fields[position].read(field));
        }
      }
      return record;
    }
  }

  /** An array; its elements may be null. */
  record ListValue(String where, Types.ListType list, ConnectValue element)
      implements ConnectValue {
    @Override
    public Type type() {
      return list;
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      if (!node.isArray()) {
        throw wrong(node, "an array");
      }
      List<Object> values = new ArrayList<>(node.size());
      for (JsonNode item : node) {
        values.add(item.isNull() ? null : element.read(item));
      }
      return values;
    }
  }

  /**
   * A map: a JSON object when its keys are strings, otherwise an array of {@code [key, value]} pairs, the two
   * forms JsonConverter writes.
   */
  record MapValue(String where, Types.MapType map, ConnectValue key, ConnectValue value)
      implements ConnectValue {
    @Override
    public Type type() {
      return map;
    }

    @Override
    public Object read(JsonNode node) throws UndecodableException {
      Map<Object, Object> entries = new LinkedHashMap<>();
      if (node.isObject()) {
        for (Map.Entry<String, JsonNode> property : node.properties()) {
          entries.put(key.read(TextNode.valueOf(property.getKey())), valueOf(property.getValue()));
        }
        return entries;
      }
      if (!node.isArray()) {
        throw wrong(node, "an object or an array of [key, value] pairs");
      }
      for (JsonNode pair : node) {
        if (!pair.isArray() || pair.size() != 2 || pair.get(0).isNull()) {
          throw wrong(pair, "a [key, value] pair with a key");
        }
        entries.put(key.read(pair.get(0)), valueOf(pair.get(1)));
      }
      return entries;
    }

    private Object valueOf(JsonNode node) throws UndecodableException {
      return node.isNull() ? null : value.read(node);
    }
  }
}
