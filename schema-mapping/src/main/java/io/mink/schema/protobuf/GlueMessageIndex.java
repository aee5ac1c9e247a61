package io.mink.schema.protobuf;

import com.squareup.wire.schema.internal.parser.FieldElement;
import com.squareup.wire.schema.internal.parser.MessageElement;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;
import com.squareup.wire.schema.internal.parser.TypeElement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * How AWS Glue's Protobuf serializer numbers a file's messages: every message of the file, nested
 * ones included, sorted by full name. Nested messages are those protobuf-java's descriptors hold,
 * so the entry message protoc generates for each map field counts too: named after a {@code map<K, V>}
 * field, or declared as a nested message where the text spells the map as its descriptor does.
 */
final class GlueMessageIndex {
  private GlueMessageIndex() {}

  /** The position of the file's first top-level message among all of its messages. */
  static int ofFirstMessage(ProtoFileElement file) {
    String prefix = file.getPackageName() == null || file.getPackageName().isEmpty()
        ? ""
        : file.getPackageName() + ".";
    List<String> names = new ArrayList<>();
    String first = null;
    for (TypeElement type : file.getTypes()) {
      if (type instanceof MessageElement message) {
        if (first == null) {
          first = prefix + message.getName();
        }
        collect(message, prefix, names);
      }
    }
    Collections.sort(names);
    return names.indexOf(first);
  }

  private static void collect(MessageElement message, String prefix, List<String> names) {
    String fullName = prefix + message.getName();
    names.add(fullName);
    for (TypeElement nested : message.getNestedTypes()) {
      if (nested instanceof MessageElement nestedMessage) {
        collect(nestedMessage, fullName + ".", names);
      }
    }
    for (FieldElement field : message.getFields()) {
      if (field.getType().startsWith("map<")) {
        names.add(fullName + "." + mapEntryName(field.getName()));
      }
    }
  }

  /** protoc's name for a map field's entry message: the field's name in UpperCamelCase, then "Entry". */
  private static String mapEntryName(String fieldName) {
    StringBuilder name = new StringBuilder();
    boolean upperNext = true;
    for (int i = 0; i < fieldName.length(); i++) {
      char c = fieldName.charAt(i);
      if (c == '_') {
        upperNext = true;
      } else if (upperNext) {
        name.append(c >= 'a' && c <= 'z' ? (char) (c - 'a' + 'A') : c);
        upperNext = false;
      } else {
        name.append(c);
      }
    }
    return name.append("Entry").toString();
  }
}
