package io.mink.schema.cdc;

import com.fasterxml.jackson.databind.JsonNode;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import org.apache.iceberg.types.Type;

/**
 * A Kafka Connect schema, as JsonConverter writes it beside each payload, compiled once into a reader of
 * payloads. {@link #decode} reads the JSON of a payload alone, without the {@code {"schema": ..., "payload": ...}}
 * document around it.
 */
final class CompiledConnectSchema implements CompiledSchema {
  private final ConnectValue root;
  private final boolean optional;

  CompiledConnectSchema(ConnectValue root, boolean optional) {
    this.root = root;
    this.optional = optional;
  }

  @Override
  public Type type() {
    return root.type();
  }

  @Override
  public Object decode(byte[] data, int offset, int length) throws UndecodableException {
    if (data == null || offset < 0 || length < 0 || offset > data.length - length) {
      throw new UndecodableException("The payload range [" + offset + ", " + offset + " + " + length
          + ") is outside its " + (data == null ? "missing" : data.length + "-byte") + " array");
    }
    JsonNode payload;
    try {
      payload = ConnectJsonDecoder.JSON.readTree(data, offset, length);
    } catch (IOException | RuntimeException e) {
      throw new UndecodableException("The payload is not valid JSON: " + e.getMessage(), e);
    }
    if (payload == null || payload.isMissingNode()) {
      throw new UndecodableException("The payload is empty: it holds no JSON value");
    }
    return read(payload);
  }

  /** The payload's value; null when the payload is JSON null and the schema is optional. */
  Object read(JsonNode payload) throws UndecodableException {
    if (payload.isNull()) {
      if (!optional) {
        throw new UndecodableException("The payload is null, which its schema does not allow");
      }
      return null;
    }
    try {
      return root.read(payload);
    } catch (RuntimeException e) {
      throw new UndecodableException("The payload could not be decoded: " + e, e);
    }
  }
}
