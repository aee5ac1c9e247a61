package io.mink.schema.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import io.mink.schema.decode.ColumnDecoder;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.FieldSink;
import io.mink.schema.decode.UndecodableException;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.types.Type;

/**
 * A JSON Schema compiled into a decoder tree: decodes one UTF-8 JSON document per call. A schema whose top level
 * is an object also decodes straight into columns ({@link ObjectColumnDecoder}).
 */
final class CompiledJsonSchema implements CompiledSchema {
  private final JsonFactory payloads;
  private final ValueDecoder root;
  private final boolean nullable;

  CompiledJsonSchema(JsonFactory payloads, ValueDecoder root, boolean nullable) {
    this.payloads = payloads;
    this.root = root;
    this.nullable = nullable;
  }

  @Override
  public Type type() {
    return root.type();
  }

  /** The decoder of the whole payload. */
  ValueDecoder root() {
    return root;
  }

  @Override
  public boolean decodesIntoColumns() {
    return root instanceof StructDecoder;
  }

  @Override
  public Optional<ColumnDecoder> columnDecoder(List<FieldSink> sinks) {
    if (!(root instanceof StructDecoder struct)) {
      return Optional.empty();
    }
    return Optional.of(new ObjectColumnDecoder(this, payloads, struct, sinks));
  }

  @Override
  public Object decode(byte[] data, int offset, int length) throws UndecodableException {
    if (data == null || offset < 0 || length < 0 || offset > data.length - length) {
      throw new UndecodableException("The payload range [" + offset + ", " + offset + " + " + length
          + ") is outside its " + (data == null ? "missing" : data.length + "-byte") + " array");
    }
    try (JsonParser parser = payloads.createParser(data, offset, length)) {
      JsonToken first = parser.nextToken();
      if (first == null) {
        throw new UndecodableException("The payload is empty: it holds no JSON value");
      }
      Object value;
      if (first != JsonToken.VALUE_NULL) {
        value = root.decode(parser, first);
      } else if (nullable) {
        value = null;
      } else {
        throw root.wrongType(parser, first);
      }
      if (parser.nextToken() != null) {
        JsonLocation at = parser.currentTokenLocation();
        throw new UndecodableException(
            "The payload holds more than one JSON value: another starts at line " + at.getLineNr()
                + ", column " + at.getColumnNr());
      }
      return value;
    } catch (JsonProcessingException e) {
      JsonLocation at = e.getLocation();
      String where =
          at == null ? "" : ", at line " + at.getLineNr() + ", column " + at.getColumnNr();
      throw new UndecodableException(
          "The payload is not valid JSON: " + e.getOriginalMessage() + where, e);
    } catch (IOException e) {
      throw new UndecodableException("The payload is not valid JSON: " + e.getMessage(), e);
    } catch (RuntimeException e) {
      throw new UndecodableException("The payload could not be decoded: " + e, e);
    }
  }
}
