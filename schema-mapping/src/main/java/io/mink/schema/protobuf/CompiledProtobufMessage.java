package io.mink.schema.protobuf;

import io.mink.schema.decode.ColumnDecoder;
import io.mink.schema.decode.CompiledSchema;
import io.mink.schema.decode.FieldSink;
import io.mink.schema.decode.MessageSelector;
import io.mink.schema.decode.UndecodableException;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** A schema's first message, compiled: its Iceberg struct and the reader of its payloads. */
final class CompiledProtobufMessage implements CompiledSchema {
  private final Types.StructType type;
  private final StructReader reader;
  private final int glueMessageIndex;

  CompiledProtobufMessage(Types.StructType type, StructReader reader, int glueMessageIndex) {
    this.type = type;
    this.reader = reader;
    this.glueMessageIndex = glueMessageIndex;
  }

  @Override
  public Type type() {
    return type;
  }

  /** Always: a payload is a message, whose fields are the columns. */
  @Override
  public boolean decodesIntoColumns() {
    return true;
  }

  @Override
  public Optional<ColumnDecoder> columnDecoder(List<FieldSink> sinks) {
    return Optional.of(new ProtobufColumnDecoder(type, reader, sinks));
  }

  @Override
  public Object decode(byte[] data, int offset, int length) throws UndecodableException {
    if (data == null || offset < 0 || length < 0 || offset > data.length - length) {
      throw new UndecodableException("No Protobuf payload at offset " + offset + " and length "
          + length + " of " + (data == null ? "no bytes" : data.length + " bytes"));
    }
    try {
      return reader.readPayload(new ProtoInput(data, offset, length));
    } catch (RuntimeException | StackOverflowError e) {
      throw new UndecodableException(
          "Protobuf decoder failed on a payload of " + length + " bytes: " + e, e);
    }
  }

  /**
   * Whether the payload was written with the schema's first message: Confluent's indexes [0] (or
   * none), or Glue's index of the first message among all messages sorted by full name.
   */
  @Override
  public boolean isTableMessage(MessageSelector selector) {
    if (selector instanceof MessageSelector.ConfluentIndexes indexes) {
      return indexes.isFirstMessage();
    }
    if (selector instanceof MessageSelector.GlueMessageIndex glue) {
      return glue.index() == glueMessageIndex;
    }
    return true;
  }
}
