package io.mink.schema.protobuf;

import com.squareup.wire.schema.EnumType;
import com.squareup.wire.schema.MessageType;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Maps a message to its Iceberg struct, following the Protobuf table of docs/type-mapping.md. Field ids
 * are numbered in the order the walk completes the nodes, so the same schema text always gives the
 * same ids.
 */
final class IcebergTypeVisitor extends ProtobufSchemaVisitor<Type> {
  private int lastId = 0;

  static Types.StructType structOf(LinkedProtoSchema linked) {
    return visit(linked, null, new IcebergTypeVisitor()).asStructType();
  }

  @Override
  Type message(
      MessageType message, List<ProtoField> fields, List<Type> fieldResults, Type partner) {
    List<Types.NestedField> columns = new ArrayList<>(fields.size());
    for (int i = 0; i < fields.size(); i++) {
      ProtoField field = fields.get(i);
      columns.add(Types.NestedField.builder()
          .withId(++lastId)
          .isOptional(field.presence().isOptional())
          .withName(field.name())
          .ofType(fieldResults.get(i))
          .withDoc(field.doc())
          .build());
    }
    return Types.StructType.of(columns);
  }

  @Override
  Type list(ProtoField field, Type element, Type partner) {
    return Types.ListType.ofRequired(++lastId, element);
  }

  @Override
  Type map(ProtoField field, Type key, Type value, Type partner) {
    int keyId = ++lastId;
    return Types.MapType.ofRequired(keyId, ++lastId, key, value);
  }

  @Override
  Type scalar(ScalarReader scalar, Type partner) {
    return scalar.icebergType();
  }

  @Override
  Type enumeration(EnumType enumType, Type partner) {
    return Types.StringType.get();
  }

  @Override
  Type timestamp(Type partner) {
    return Types.TimestampType.withZone();
  }

  @Override
  Type wrapper(ScalarReader wrapped, Type partner) {
    return wrapped.icebergType();
  }

  @Override
  Type json(MessageType message, Type partner) {
    return Types.StringType.get();
  }
}
