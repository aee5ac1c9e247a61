package io.mink.indexer.interop;

import io.mink.schema.registry.SchemaType;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * A schema language's view of {@link Order}: the objects a serde of that language serializes, and the Iceberg
 * types Mink gives the columns (tables.md's mapping).
 */
interface OrderLanguage {

  SchemaType type();

  /** The value as the language's serializers take it: a GenericRecord, a DynamicMessage or a JSON tree. */
  Object value(Order order);

  /** The key, a record of the order's id, as the language's serializers take it. */
  Object key(Order order);

  /** The schema of the keys or of the values, as text in the language. */
  String schemaText(boolean key);

  /** The Iceberg type of {@code int} fields: int for Avro and Protobuf, long for JSON Schema's integer. */
  default Type integerType() {
    return Types.IntegerType.get();
  }

  /** The value an int field has in an Iceberg row. */
  default Object integer(int value) {
    return integerType().equals(Types.LongType.get()) ? (Object) (long) value : (Object) value;
  }

  static String resource(String name) {
    try (InputStream in = OrderLanguage.class.getResourceAsStream("/interop/" + name)) {
      if (in == null) {
        throw new IllegalStateException("Missing test resource /interop/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
