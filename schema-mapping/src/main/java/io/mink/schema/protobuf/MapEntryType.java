package io.mink.schema.protobuf;

import static java.util.Objects.requireNonNull;

import com.squareup.wire.schema.Field;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.internal.parser.OptionElement;

/**
 * The key and value types of a map field, written either as {@code map<K, V>} or as a descriptor has
 * it: a repeated field of an entry message with {@code option map_entry = true} and fields key = 1
 * and value = 2, as Confluent's registry prints schemas registered as a {@code FileDescriptorProto}.
 */
record MapEntryType(ProtoType key, ProtoType value) {
  MapEntryType {
    requireNonNull(key, "key is null");
    requireNonNull(value, "value is null");
  }

  /** The field's key and value types, or null when the field is not a map. */
  static MapEntryType of(Field field, Schema schema) {
    ProtoType type = field.getType();
    if (type.isMap()) {
      return new MapEntryType(type.getKeyType(), type.getValueType());
    }
    if (field.getLabel() != Field.Label.REPEATED
        || type.isScalar()
        || !(schema.getType(type) instanceof MessageType entry)
        || !isEntryMessage(entry)) {
      return null;
    }
    return new MapEntryType(entry.field("key").getType(), entry.field("value").getType());
  }

  /** A message with {@code option map_entry = true} and exactly the fields key = 1 and value = 2, neither repeated. */
  static boolean isEntryMessage(MessageType message) {
    if (!message.getOneOfs().isEmpty() || message.getDeclaredFields().size() != 2) {
      return false;
    }
    boolean keyAndValue = message.getDeclaredFields().stream()
        .allMatch(field -> field.getLabel() != Field.Label.REPEATED
            && ((field.getTag() == 1 && field.getName().equals("key"))
                || (field.getTag() == 2 && field.getName().equals("value"))));
    return keyAndValue && hasMapEntryOption(message);
  }

  private static boolean hasMapEntryOption(MessageType message) {
    for (OptionElement option : message.getOptions().getElements()) {
      if (option.getName().equals("map_entry")
          && String.valueOf(option.getValue()).equals("true")) {
        return true;
      }
    }
    return false;
  }
}
