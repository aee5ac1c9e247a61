package io.mink.schema.protobuf;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumValueDescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import io.mink.schema.decode.UnreadableSchemaException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Prints a {@code FileDescriptorProto} as .proto text; see {@link SerializedProtoFile} for what the
 * text keeps. Messages and enums are printed in the descriptor's order, messages first (a
 * descriptor keeps the two apart); in a message, nested types come before the fields, and a oneof
 * where its first member is, so that fields keep their declaration order.
 */
final class ProtoSourcePrinter {
  private static final String INDENT = "  ";

  private final FileDescriptorProto file;
  private final FieldLabels labels;
  private final ProtoComments comments;
  private final StringBuilder out = new StringBuilder();

  private ProtoSourcePrinter(FileDescriptorProto file, FieldLabels labels) {
    this.file = file;
    this.labels = labels;
    this.comments = new ProtoComments(file);
  }

  /**
   * @param syntax what the {@code syntax} line says, or null for none (proto2)
   * @param labels the labels of singular fields
   */
  static String print(FileDescriptorProto file, String syntax, FieldLabels labels)
      throws UnreadableSchemaException {
    ProtoSourcePrinter printer = new ProtoSourcePrinter(file, labels);
    printer.file(syntax);
    String text = printer.out.toString();
    return text.endsWith("\n\n") ? text.substring(0, text.length() - 1) : text;
  }

  private void file(String syntax) throws UnreadableSchemaException {
    if (syntax != null) {
      out.append("syntax = \"").append(syntax).append("\";\n\n");
    }
    if (!file.getPackage().isEmpty()) {
      out.append("package ").append(file.getPackage()).append(";\n\n");
    }
    for (int i = 0; i < file.getDependencyCount(); i++) {
      String modifier = file.getPublicDependencyList().contains(i)
          ? "public "
          : file.getWeakDependencyList().contains(i) ? "weak " : "";
      out.append("import ")
          .append(modifier)
          .append(quoted(file.getDependency(i)))
          .append(";\n");
    }
    if (file.getDependencyCount() > 0) {
      out.append('\n');
    }
    String scope = file.getPackage().isEmpty() ? "" : "." + file.getPackage();
    for (int i = 0; i < file.getMessageTypeCount(); i++) {
      message(
          file.getMessageType(i),
          List.of(FileDescriptorProto.MESSAGE_TYPE_FIELD_NUMBER, i),
          "",
          scope,
          new ArrayList<>());
      out.append('\n');
    }
    for (int i = 0; i < file.getEnumTypeCount(); i++) {
      enumeration(file.getEnumType(i), List.of(FileDescriptorProto.ENUM_TYPE_FIELD_NUMBER, i), "");
      out.append('\n');
    }
  }

  /**
   * @param scope the full name of the enclosing package or message, with a leading dot
   * @param enclosing the messages enclosing this one, outermost first
   */
  private void message(
      DescriptorProto message,
      List<Integer> path,
      String indent,
      String scope,
      List<DescriptorProto> enclosing)
      throws UnreadableSchemaException {
    String fullName = scope + "." + message.getName();
    String inner = indent + INDENT;
    out.append(comments.leading(path, indent));
    out.append(indent).append("message ").append(message.getName()).append(" {\n");
    out.append(ReservedStatements.of(message, inner));
    enclosing.add(message);
    int printedTypes = nestedTypes(message, path, inner, fullName, enclosing);
    if (printedTypes > 0 && message.getFieldCount() > 0) {
      out.append('\n');
    }
    fields(message, mapEntries(message, fullName), path, inner, enclosing);
    enclosing.remove(enclosing.size() - 1);
    out.append(indent).append("}\n");
  }

  /**
   * Prints the message's nested messages, except map entries, and its enums.
   *
   * @return how many it printed
   */
  private int nestedTypes(
      DescriptorProto message,
      List<Integer> path,
      String indent,
      String fullName,
      List<DescriptorProto> enclosing)
      throws UnreadableSchemaException {
    int printedTypes = message.getEnumTypeCount();
    for (int i = 0; i < message.getNestedTypeCount(); i++) {
      DescriptorProto nested = message.getNestedType(i);
      if (!nested.getOptions().getMapEntry()) {
        message(
            nested,
            child(path, DescriptorProto.NESTED_TYPE_FIELD_NUMBER, i),
            indent,
            fullName,
            enclosing);
        printedTypes++;
      }
    }
    for (int i = 0; i < message.getEnumTypeCount(); i++) {
      enumeration(
          message.getEnumType(i), child(path, DescriptorProto.ENUM_TYPE_FIELD_NUMBER, i), indent);
    }
    return printedTypes;
  }

  /** The message's nested map entry types, by their full and their simple name. */
  private static Map<String, DescriptorProto> mapEntries(DescriptorProto message, String fullName) {
    Map<String, DescriptorProto> mapEntries = new HashMap<>();
    for (DescriptorProto nested : message.getNestedTypeList()) {
      if (nested.getOptions().getMapEntry()) {
        mapEntries.put(fullName + "." + nested.getName(), nested);
        mapEntries.put(nested.getName(), nested);
      }
    }
    return mapEntries;
  }

  /** Prints the message's fields in their order, each oneof where its first member is. */
  private void fields(
      DescriptorProto message,
      Map<String, DescriptorProto> mapEntries,
      List<Integer> path,
      String indent,
      List<DescriptorProto> enclosing)
      throws UnreadableSchemaException {
    Set<Integer> printedOneOfs = new HashSet<>();
    for (int i = 0; i < message.getFieldCount(); i++) {
      FieldDescriptorProto field = message.getField(i);
      if (field.hasOneofIndex() && !isSynthetic(message, field.getOneofIndex())) {
        if (printedOneOfs.add(field.getOneofIndex())) {
          oneOf(message, field.getOneofIndex(), path, indent);
        }
        continue;
      }
      List<Integer> fieldPath = child(path, DescriptorProto.FIELD_FIELD_NUMBER, i);
      DescriptorProto entry = field.getLabel() == FieldDescriptorProto.Label.LABEL_REPEATED
              && field.getType() == FieldDescriptorProto.Type.TYPE_MESSAGE
          ? mapEntries.get(field.getTypeName())
          : null;
      if (entry != null && isMapEntry(entry)) {
        String mapType = "map<" + type(message, entry.getField(0)) + ", "
            + type(message, entry.getField(1)) + ">";
        field(field, mapType, "", fieldPath, indent);
      } else {
        String label = field.getLabel() == FieldDescriptorProto.Label.LABEL_REPEATED
            ? "repeated "
            : labels.of(field, enclosing);
        field(field, type(message, field), label, fieldPath, indent);
      }
    }
  }

  private void oneOf(DescriptorProto message, int index, List<Integer> path, String indent)
      throws UnreadableSchemaException {
    out.append(
        comments.leading(child(path, DescriptorProto.ONEOF_DECL_FIELD_NUMBER, index), indent));
    out.append(indent)
        .append("oneof ")
        .append(message.getOneofDecl(index).getName())
        .append(" {\n");
    for (int i = 0; i < message.getFieldCount(); i++) {
      FieldDescriptorProto member = message.getField(i);
      if (member.hasOneofIndex() && member.getOneofIndex() == index) {
        field(
            member,
            type(message, member),
            "",
            child(path, DescriptorProto.FIELD_FIELD_NUMBER, i),
            indent + INDENT);
      }
    }
    out.append(indent).append("}\n");
  }

  private void field(
      FieldDescriptorProto field, String type, String label, List<Integer> path, String indent) {
    out.append(comments.leading(path, indent));
    out.append(indent)
        .append(label)
        .append(type)
        .append(' ')
        .append(field.getName())
        .append(" = ")
        .append(field.getNumber());
    if (field.getOptions().hasPacked()) {
      out.append(" [packed = ").append(field.getOptions().getPacked()).append(']');
    }
    out.append(';');
    out.append(comments.trailing(path));
    out.append('\n');
  }

  private void enumeration(EnumDescriptorProto enumeration, List<Integer> path, String indent) {
    String inner = indent + INDENT;
    out.append(comments.leading(path, indent));
    out.append(indent).append("enum ").append(enumeration.getName()).append(" {\n");
    if (enumeration.getOptions().getAllowAlias()) {
      out.append(inner).append("option allow_alias = true;\n");
    }
    out.append(ReservedStatements.of(enumeration, inner));
    for (int i = 0; i < enumeration.getValueCount(); i++) {
      EnumValueDescriptorProto value = enumeration.getValue(i);
      List<Integer> valuePath = child(path, EnumDescriptorProto.VALUE_FIELD_NUMBER, i);
      out.append(comments.leading(valuePath, inner));
      out.append(inner)
          .append(value.getName())
          .append(" = ")
          .append(value.getNumber())
          .append(';');
      out.append(comments.trailing(valuePath));
      out.append('\n');
    }
    out.append(indent).append("}\n");
  }

  /** The field's type as .proto text names it: a scalar's name, or a message's or enum's full name. */
  private String type(DescriptorProto message, FieldDescriptorProto field)
      throws UnreadableSchemaException {
    if (field.getType() == FieldDescriptorProto.Type.TYPE_GROUP) {
      throw new UnreadableSchemaException(
          "Cannot read the serialized Protobuf file " + file.getName() + ": field "
              + message.getName() + "." + field.getName() + " (" + field.getNumber()
              + ") is a group, which Mink does not support");
    }
    if (field.hasTypeName()) {
      return field.getTypeName();
    }
    return field.getType().name().substring("TYPE_".length()).toLowerCase(Locale.ROOT);
  }

  /** A map entry as protoc writes one: key 1 and value 2, neither repeated. */
  private static boolean isMapEntry(DescriptorProto entry) {
    return entry.getFieldCount() == 2
        && entry.getField(0).getNumber() == 1
        && entry.getField(1).getNumber() == 2
        && entry.getFieldList().stream()
            .noneMatch(f -> f.getLabel() == FieldDescriptorProto.Label.LABEL_REPEATED);
  }

  /** A oneof that protoc made for one proto3 {@code optional} field; the text says {@code optional} instead. */
  private static boolean isSynthetic(DescriptorProto message, int oneOf) {
    return message.getFieldList().stream()
        .filter(field -> field.hasOneofIndex() && field.getOneofIndex() == oneOf)
        .allMatch(FieldDescriptorProto::getProto3Optional);
  }

  private static List<Integer> child(List<Integer> path, int field, int index) {
    List<Integer> child = new ArrayList<>(path.size() + 2);
    child.addAll(path);
    child.add(field);
    child.add(index);
    return child;
  }

  static String quoted(String text) {
    return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
