package io.mink.schema.protobuf;

import com.squareup.wire.schema.EnumType;
import com.squareup.wire.schema.MessageType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Compiles a message into the tree of readers that decodes its payloads, walking the schema along
 * with the Iceberg type {@link IcebergTypeVisitor} mapped it to, so each record gets its struct.
 */
final class ValueReaderVisitor extends ProtobufSchemaVisitor<ValueReader> {
  private final JsonReaders jsonReaders;

  private ValueReaderVisitor(JsonReaders jsonReaders) {
    this.jsonReaders = jsonReaders;
  }

  static StructReader readerOf(LinkedProtoSchema linked, Types.StructType struct) {
    return (StructReader)
        visit(linked, struct, new ValueReaderVisitor(new JsonReaders(linked.schema())));
  }

  @Override
  ValueReader message(
      MessageType message, List<ProtoField> fields, List<ValueReader> fieldReaders, Type partner) {
    OneOfs oneOfs = new OneOfs(fields);
    List<FieldDecoder> decoders = new ArrayList<>(fields.size());
    List<FieldDecoder> required = new ArrayList<>();
    Object[] defaults = new Object[fields.size()];
    for (int position = 0; position < fields.size(); position++) {
      ProtoField field = fields.get(position);
      ValueReader reader = fieldReaders.get(position);
      FieldDecoder decoder = switch (field.presence()) {
        case MAP -> new MapFieldDecoder(field, position, (MapEntryReader) reader);
        case REPEATED -> new RepeatedFieldDecoder(field, position, reader);
        default ->
          reader instanceof StructReader struct
              ? new MessageFieldDecoder(field, position, oneOfs.membersOf(field), struct)
              : new SingularFieldDecoder(field, position, oneOfs.membersOf(field), reader);
      };
      decoders.add(decoder);
      defaults[position] = switch (field.presence()) {
        case IMPLICIT -> reader.defaultValue();
        case REPEATED -> List.of();
        case MAP -> Map.of();
        case EXPLICIT, REQUIRED -> null;
      };
      if (field.presence() == Presence.REQUIRED) {
        required.add(decoder);
      }
    }
    return new StructReader(
        message.getType().toString(), partner.asStructType(), decoders, defaults, required);
  }

  @Override
  ValueReader list(ProtoField field, ValueReader element, Type partner) {
    return element;
  }

  @Override
  ValueReader map(ProtoField field, ValueReader key, ValueReader value, Type partner) {
    return new MapEntryReader(key, value);
  }

  @Override
  ValueReader scalar(ScalarReader scalar, Type partner) {
    return scalar;
  }

  @Override
  ValueReader enumeration(EnumType enumType, Type partner) {
    return EnumReader.of(enumType);
  }

  @Override
  ValueReader timestamp(Type partner) {
    return TimestampReader.INSTANCE;
  }

  @Override
  ValueReader wrapper(ScalarReader wrapped, Type partner) {
    return new WrapperReader(wrapped);
  }

  @Override
  ValueReader json(MessageType message, Type partner) {
    return new JsonColumnReader(jsonReaders.message(message));
  }
}
