package io.mink.schema.protobuf;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.EnumDescriptorProto;
import com.google.protobuf.DescriptorProtos.FeatureSet;
import com.google.protobuf.DescriptorProtos.FeatureSet.FieldPresence;
import com.google.protobuf.DescriptorProtos.FeatureSet.MessageEncoding;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import io.mink.schema.decode.UnreadableSchemaException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Field labels for a file of Protobuf editions (2023, 2024), which Wire does not parse, as proto2
 * or proto3 text with the same field presence. Presence is the field's {@code field_presence}
 * feature, else its messages', else the file's, else explicit, as in both editions. The text is
 * proto3 when some field has implicit presence and proto3 can say the rest (no legacy-required
 * field, every enum's first value 0); otherwise proto2, where a field of implicit presence becomes
 * optional: null when absent rather than its default. Delimited (group) encoding is not supported.
 *
 * @param syntax the syntax of the printed text, proto2 or proto3
 * @param fileFeatures the file's features, the defaults of its messages and fields
 */
record EditionLabels(String syntax, FeatureSet fileFeatures) implements FieldLabels {

  static EditionLabels of(FileDescriptorProto file) throws UnreadableSchemaException {
    EditionLabels proto2 = new EditionLabels("proto2", file.getOptions().getFeatures());
    Set<FieldPresence> presences = EnumSet.noneOf(FieldPresence.class);
    boolean enumsStartAtZero = startAtZero(file.getEnumTypeList());
    for (DescriptorProto message : file.getMessageTypeList()) {
      enumsStartAtZero &= proto2.collect(file, message, new ArrayList<>(), presences);
    }
    boolean proto3 = presences.contains(FieldPresence.IMPLICIT)
        && !presences.contains(FieldPresence.LEGACY_REQUIRED)
        && enumsStartAtZero;
    return proto3 ? new EditionLabels("proto3", proto2.fileFeatures()) : proto2;
  }

  @Override
  public String of(FieldDescriptorProto field, List<DescriptorProto> scope) {
    FieldPresence presence = presence(field, scope);
    if (syntax.equals("proto3")) {
      return presence == FieldPresence.EXPLICIT
              && field.getType() != FieldDescriptorProto.Type.TYPE_MESSAGE
          ? "optional "
          : "";
    }
    return presence == FieldPresence.LEGACY_REQUIRED ? "required " : "optional ";
  }

  /** Adds the presence of the message's singular fields; false when one of its enums does not start at 0. */
  private boolean collect(
      FileDescriptorProto file,
      DescriptorProto message,
      List<DescriptorProto> scope,
      Set<FieldPresence> presences)
      throws UnreadableSchemaException {
    scope.add(message);
    for (FieldDescriptorProto field : message.getFieldList()) {
      boolean isMessage = field.getType() == FieldDescriptorProto.Type.TYPE_MESSAGE
          || field.getType() == FieldDescriptorProto.Type.TYPE_GROUP;
      if (isMessage && messageEncoding(field, scope) == MessageEncoding.DELIMITED) {
        throw new UnreadableSchemaException(
            "Cannot read the serialized Protobuf file " + file.getName() + ": field "
                + message.getName() + "." + field.getName() + " (" + field.getNumber()
                + ") is a message with delimited (group) encoding, which Mink does not support");
      }
      if (field.getLabel() != FieldDescriptorProto.Label.LABEL_REPEATED
          && !field.hasOneofIndex()
          && (!isMessage || presence(field, scope) == FieldPresence.LEGACY_REQUIRED)) {
        presences.add(presence(field, scope));
      }
    }
    boolean enumsStartAtZero = startAtZero(message.getEnumTypeList());
    for (DescriptorProto nested : message.getNestedTypeList()) {
      enumsStartAtZero &= collect(file, nested, scope, presences);
    }
    scope.remove(scope.size() - 1);
    return enumsStartAtZero;
  }

  private FieldPresence presence(FieldDescriptorProto field, List<DescriptorProto> scope) {
    if (field.getOptions().getFeatures().hasFieldPresence()) {
      return field.getOptions().getFeatures().getFieldPresence();
    }
    for (int i = scope.size() - 1; i >= 0; i--) {
      FeatureSet features = scope.get(i).getOptions().getFeatures();
      if (features.hasFieldPresence()) {
        return features.getFieldPresence();
      }
    }
    return fileFeatures.hasFieldPresence()
        ? fileFeatures.getFieldPresence()
        : FieldPresence.EXPLICIT;
  }

  private MessageEncoding messageEncoding(FieldDescriptorProto field, List<DescriptorProto> scope) {
    if (field.getOptions().getFeatures().hasMessageEncoding()) {
      return field.getOptions().getFeatures().getMessageEncoding();
    }
    for (int i = scope.size() - 1; i >= 0; i--) {
      FeatureSet features = scope.get(i).getOptions().getFeatures();
      if (features.hasMessageEncoding()) {
        return features.getMessageEncoding();
      }
    }
    return fileFeatures.hasMessageEncoding()
        ? fileFeatures.getMessageEncoding()
        : MessageEncoding.LENGTH_PREFIXED;
  }

  private static boolean startAtZero(List<EnumDescriptorProto> enums) {
    return enums.stream().allMatch(e -> e.getValueCount() > 0 && e.getValue(0).getNumber() == 0);
  }
}
