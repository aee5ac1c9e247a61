package io.mink.schema.protobuf;

import com.squareup.wire.schema.EnumType;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.Schema;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.types.Type;

/**
 * A walk over the table message's schema with one callback per kind of Protobuf type, results
 * combined bottom-up, as Iceberg's AvroSchemaVisitor. The walk decides what each type is mapped as
 * (Timestamp, wrappers, the JSON-mapped well-known types, recursive and empty messages); the
 * visitors decide what to build. Each callback also receives its partner: the Iceberg type already
 * mapped for the same node, or null when the walk has none.
 */
abstract class ProtobufSchemaVisitor<T> {

  static <T> T visit(LinkedProtoSchema linked, Type partner, ProtobufSchemaVisitor<T> visitor) {
    MessageType root = linked.firstMessage();
    Walk<T> walk = new Walk<>(
        linked.schema(), RecursiveMessages.reachableFrom(root, linked.schema()), visitor);
    return walk.message(root, partner);
  }

  /** A message mapped field by field; {@code fieldResults} are in the order of {@code fields}. */
  abstract T message(
      MessageType message, List<ProtoField> fields, List<T> fieldResults, Type partner);

  abstract T list(ProtoField field, T element, Type partner);

  abstract T map(ProtoField field, T key, T value, Type partner);

  abstract T scalar(ScalarReader scalar, Type partner);

  abstract T enumeration(EnumType enumType, Type partner);

  abstract T timestamp(Type partner);

  /** A wrapper type such as Int64Value, mapped as the scalar it wraps. */
  abstract T wrapper(ScalarReader wrapped, Type partner);

  /** Any, Struct, Value, ListValue, Duration, recursive messages and messages without fields. */
  abstract T json(MessageType message, Type partner);

  private record Walk<T>(
      Schema schema, Set<ProtoType> recursive, ProtobufSchemaVisitor<T> visitor) {
    T message(MessageType message, Type partner) {
      List<ProtoField> fields = ProtoField.of(message, schema);
      List<T> results = new ArrayList<>(fields.size());
      for (int i = 0; i < fields.size(); i++) {
        Type fieldPartner =
            partner == null ? null : partner.asStructType().fields().get(i).type();
        results.add(field(fields.get(i), fieldPartner));
      }
      return visitor.message(message, fields, results, partner);
    }

    private T field(ProtoField field, Type partner) {
      ProtoType type = field.type();
      return switch (field.presence()) {
        case MAP ->
          visitor.map(
              field,
              value(
                  field.mapEntry().key(),
                  partner == null ? null : partner.asMapType().keyType()),
              value(
                  field.mapEntry().value(),
                  partner == null ? null : partner.asMapType().valueType()),
              partner);
        case REPEATED ->
          visitor.list(
              field,
              value(type, partner == null ? null : partner.asListType().elementType()),
              partner);
        default -> value(type, partner);
      };
    }

    private T value(ProtoType type, Type partner) {
      if (type.isScalar()) {
        return visitor.scalar(ScalarReader.of(type), partner);
      }
      com.squareup.wire.schema.Type definition = schema.getType(type);
      if (definition instanceof EnumType enumType) {
        return visitor.enumeration(enumType, partner);
      }
      MessageType message = (MessageType) definition;
      if (WellKnownTypes.isTimestamp(type)) {
        return visitor.timestamp(partner);
      }
      ScalarReader wrapped = WellKnownTypes.wrapped(type);
      if (wrapped != null) {
        return visitor.wrapper(wrapped, partner);
      }
      if (WellKnownTypes.isMappedToJson(type) || recursive.contains(type) || hasNoFields(message)) {
        return visitor.json(message, partner);
      }
      return message(message, partner);
    }

    private static boolean hasNoFields(MessageType message) {
      return message.getDeclaredFields().isEmpty() && message.getOneOfs().isEmpty();
    }
  }
}
