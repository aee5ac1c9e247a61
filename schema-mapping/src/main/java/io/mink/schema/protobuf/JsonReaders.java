package io.mink.schema.protobuf;

import com.squareup.wire.schema.EnumType;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.ProtoFile;
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.Type;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the JSON readers of one schema's messages, once per message type. A message's reader is
 * known before its fields are built, so recursive messages read through the same reader. An Any
 * reader gets every message of the schema, so it can unpack whatever the schema knows.
 */
final class JsonReaders {
  private final Schema schema;
  private final Map<ProtoType, JsonMessageBody> messages = new HashMap<>();
  private final Map<String, JsonMessageBody> messagesByName = new HashMap<>();
  private JsonAnyReader anyReader;

  JsonReaders(Schema schema) {
    this.schema = schema;
  }

  JsonMessageBody message(MessageType message) {
    ProtoType type = message.getType();
    JsonMessageBody known = messages.get(type);
    if (known != null) {
      return known;
    }
    JsonMessageBody wellKnown = wellKnown(type.toString());
    if (wellKnown != null) {
      messages.put(type, wellKnown);
      return wellKnown;
    }
    JsonMessageReader reader = new JsonMessageReader();
    messages.put(type, reader);
    reader.link(fields(message));
    return reader;
  }

  private JsonMessageBody wellKnown(String name) {
    ScalarReader wrapped = WellKnownTypes.wrapped(ProtoType.get(name));
    if (wrapped != null) {
      return new JsonWrapperReader(wrapped);
    }
    return switch (name) {
      case WellKnownTypes.TIMESTAMP -> JsonTimeReaders.TIMESTAMP;
      case WellKnownTypes.DURATION -> JsonTimeReaders.DURATION;
      case WellKnownTypes.STRUCT -> JsonStructReaders.STRUCT;
      case WellKnownTypes.VALUE -> JsonStructReaders.VALUE;
      case WellKnownTypes.LIST_VALUE -> JsonStructReaders.LIST_VALUE;
      case WellKnownTypes.FIELD_MASK -> JsonFieldMaskReader.INSTANCE;
      case WellKnownTypes.ANY -> any();
      default -> null;
    };
  }

  private JsonAnyReader any() {
    if (anyReader == null) {
      anyReader = new JsonAnyReader(messagesByName);
      for (ProtoFile file : schema.getProtoFiles()) {
        for (Type type : file.typesAndNestedTypes()) {
          if (type instanceof MessageType message) {
            messagesByName.put(type.getType().toString(), message(message));
          }
        }
      }
    }
    return anyReader;
  }

  private List<JsonField> fields(MessageType message) {
    List<ProtoField> protoFields = ProtoField.of(message, schema);
    List<JsonField> fields = new ArrayList<>(protoFields.size());
    OneOfs oneOfs = new OneOfs(protoFields);
    for (ProtoField field : protoFields) {
      MapEntryType mapEntry = field.mapEntry();
      JsonValueReader key = mapEntry != null ? value(mapEntry.key()) : null;
      JsonValueReader value = value(mapEntry != null ? mapEntry.value() : field.type());
      StringBuilder quotedName = new StringBuilder();
      JsonText.appendString(quotedName, field.field().getJsonName());
      fields.add(new JsonField(
          field.number(),
          field.label(),
          field.presence(),
          quotedName.toString(),
          key,
          value,
          oneOfs.membersOf(field)));
    }
    return fields;
  }

  private JsonValueReader value(ProtoType type) {
    if (type.isScalar()) {
      return new JsonScalarReader(ScalarReader.of(type));
    }
    Type definition = schema.getType(type);
    if (definition instanceof EnumType enumType) {
      return new JsonEnumReader(
          EnumReader.of(enumType), type.toString().equals(WellKnownTypes.NULL_VALUE));
    }
    return message((MessageType) definition);
  }
}
