package io.mink.schema.protobuf;

import static java.util.Objects.requireNonNull;

import com.squareup.wire.schema.Field;
import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.OneOf;
import com.squareup.wire.schema.ProtoType;
import com.squareup.wire.schema.Schema;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;

/**
 * A field of a message as Mink maps it.
 *
 * @param field the linked Wire field
 * @param presence how the field tells whether it has a value
 * @param oneOf the name of the oneof the field is a member of, or null
 * @param mapEntry the key and value types of a map field, whichever way it is written; null for other fields
 */
record ProtoField(Field field, Presence presence, String oneOf, MapEntryType mapEntry) {
  private static final Comparator<Field> DECLARATION_ORDER = Comparator.comparingInt(
          (Field field) -> field.getLocation().getLine())
      .thenComparingInt(field -> field.getLocation().getColumn());

  ProtoField {
    requireNonNull(field, "field is null");
    requireNonNull(presence, "presence is null");
    if ((presence == Presence.MAP) != (mapEntry != null)) {
      throw new IllegalArgumentException(
          "A field has key and value types exactly when it is a map");
    }
  }

  /** The message's fields in declaration order, oneof members in place; extensions are left out. */
  static List<ProtoField> of(MessageType message, Schema schema) {
    List<Field> fields = new ArrayList<>(message.getDeclaredFields());
    IdentityHashMap<Field, String> oneOfs = new IdentityHashMap<>();
    for (OneOf oneOf : message.getOneOfs()) {
      for (Field member : oneOf.getFields()) {
        fields.add(member);
        oneOfs.put(member, oneOf.getName());
      }
    }
    fields.sort(DECLARATION_ORDER);
    List<ProtoField> result = new ArrayList<>(fields.size());
    for (Field field : fields) {
      String oneOf = oneOfs.get(field);
      MapEntryType mapEntry = MapEntryType.of(field, schema);
      result.add(new ProtoField(
          field,
          mapEntry != null ? Presence.MAP : presence(field, oneOf, schema),
          oneOf,
          mapEntry));
    }
    return result;
  }

  String name() {
    return field.getName();
  }

  int number() {
    return field.getTag();
  }

  ProtoType type() {
    return field.getType();
  }

  /** The field as error messages name it: {@code field 3 (price)}. */
  String label() {
    return "field " + field.getTag() + " (" + field.getName() + ")";
  }

  /** The field's documentation comment, or null when it has none. */
  String doc() {
    String doc = field.getDocumentation();
    return doc == null || doc.isBlank() ? null : doc.strip();
  }

  private static Presence presence(Field field, String oneOf, Schema schema) {
    if (field.getLabel() == Field.Label.REPEATED) {
      return Presence.REPEATED;
    }
    if (field.getLabel() == Field.Label.REQUIRED) {
      return Presence.REQUIRED;
    }
    if (oneOf != null || field.getLabel() == Field.Label.OPTIONAL) {
      return Presence.EXPLICIT;
    }
    boolean isMessage =
        !field.getType().isScalar() && schema.getType(field.getType()) instanceof MessageType;
    return isMessage ? Presence.EXPLICIT : Presence.IMPLICIT;
  }
}
