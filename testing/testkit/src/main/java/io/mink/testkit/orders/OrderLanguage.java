package io.mink.testkit.orders;

import io.mink.schema.registry.SchemaType;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * A schema language's view of {@link Order}: its schemas as a registry holds them, the objects the language's
 * serializers take, and the Iceberg type Mink gives its {@code int} fields (tables.md's mapping).
 */
public enum OrderLanguage {
  AVRO,
  PROTOBUF,
  JSON;

  public SchemaType type() {
    return switch (this) {
      case AVRO -> SchemaType.AVRO;
      case PROTOBUF -> SchemaType.PROTOBUF;
      case JSON -> SchemaType.JSON;
    };
  }

  /** The value as the language's serializers take it: a GenericRecord, a DynamicMessage or a JSON tree. */
  public Object value(Order order) {
    return switch (this) {
      case AVRO -> AvroOrders.value(order);
      case PROTOBUF -> ProtobufOrders.value(order);
      case JSON -> JsonSchemaOrders.value(order);
    };
  }

  /** The key, a record of the order's id, as the language's serializers take it. */
  public Object key(Order order) {
    return switch (this) {
      case AVRO -> AvroOrders.key(order);
      case PROTOBUF -> ProtobufOrders.key(order);
      case JSON -> JsonSchemaOrders.key(order);
    };
  }

  /** The schema of the keys or of the values, as text in the language. */
  public String schemaText(boolean key) {
    return switch (this) {
      case AVRO -> (key ? AvroOrders.KEY_SCHEMA : AvroOrders.VALUE_SCHEMA).toString();
      case PROTOBUF -> key ? ProtobufOrders.KEY_PROTO : ProtobufOrders.VALUE_PROTO;
      case JSON -> key ? JsonSchemaOrders.KEY_SCHEMA : JsonSchemaOrders.VALUE_SCHEMA;
    };
  }

  /** The Iceberg type of {@code int} fields: int for Avro and Protobuf, long for JSON Schema's integer. */
  public Type integerType() {
    return this == JSON ? Types.LongType.get() : Types.IntegerType.get();
  }

  /** The value an int field has in an Iceberg row. */
  public Object integer(int value) {
    return this == JSON ? (Object) (long) value : (Object) value;
  }

  /** The language's name, as the tests and the benchmark print it. */
  @Override
  public String toString() {
    return switch (this) {
      case AVRO -> "Avro";
      case PROTOBUF -> "Protobuf";
      case JSON -> "JSON Schema";
    };
  }
}
