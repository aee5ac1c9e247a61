package io.mink.schema.protobuf;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import java.util.List;

/**
 * The label a singular field outside a oneof gets in .proto text printed from its descriptor:
 * {@code "optional "}, {@code "required "} or none. Repeated fields, map fields and oneof members
 * are the printer's.
 */
interface FieldLabels {
  /** proto2: every singular field is optional or required. */
  FieldLabels PROTO2 = (field, scope) ->
      field.getLabel() == FieldDescriptorProto.Label.LABEL_REQUIRED ? "required " : "optional ";

  /** proto3: optional only for proto3 {@code optional} (a required label is kept, for the parser to refuse). */
  FieldLabels PROTO3 = (field, scope) -> {
    if (field.getLabel() == FieldDescriptorProto.Label.LABEL_REQUIRED) {
      return "required ";
    }
    return field.getProto3Optional() ? "optional " : "";
  };

  /**
   * The field's label followed by a space, or an empty string.
   *
   * @param field a singular field that is no oneof member
   * @param scope the messages enclosing the field, outermost first
   */
  String of(FieldDescriptorProto field, List<DescriptorProto> scope);
}
